import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { PERSONA, VOICE, personaBody } from '../testing/fixtures.ts';
import { VOICE_CATALOG } from '../voices/catalog.ts';
import { ASSISTANT_FAULTS, type AssistantFault } from './faults.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
const PLUGIN_IDS = ['0123456789abcdef01234567', '89abcdef0123456789abcdef'];

async function create(h: Harness, overrides: Record<string, unknown> = {}, as: As = 'full') {
  const body = personaBody(overrides);
  const reply = await h.call(as, 'POST', PERSONA.create, { body });
  return { id: String(body.customPersonaId), reply };
}

async function personaData(h: Harness, id: string): Promise<Record<string, unknown>> {
  return (await h.call('full', 'POST', PERSONA.get(id))).json.personaData as Record<string, unknown>;
}

async function listed(h: Harness, query = '', headers: Record<string, string> = {}): Promise<unknown[]> {
  return (await h.call('full', 'POST', `${PERSONA.list()}${query}`, { headers })).json
    .allPersonas as unknown[];
}

const otherEmail = (h: Harness): string => h.keyring.accounts?.other?.email ?? '';

/** The list's answer as a whole (the first page). */
async function listBody(h: Harness, query = '', as: As = 'full'): Promise<Record<string, unknown>> {
  return (await h.call(as, 'POST', `${PERSONA.list()}${query}`)).json;
}

/** The first list item of the caller's own assistants on every platform. */
async function firstItem(h: Harness, query = '?os=nt,android,web'): Promise<Record<string, unknown>> {
  return ((await listBody(h, query)).allPersonas as Array<Record<string, unknown>>)[0] ?? {};
}

async function searchBody(h: Harness, query: string): Promise<Record<string, unknown>> {
  return (await h.call('full', 'POST', `${PERSONA.search}?${query}`)).json;
}

async function objectIdOf(h: Harness, id: string): Promise<string> {
  return String((await personaData(h, id))._id);
}

async function attachBase(h: Harness, id: string): Promise<void> {
  const kbId = String((await h.call('full', 'POST', '/kb', { body: { name: 'base' } })).json.kbId);
  await h.call('full', 'POST', `/kb/${kbId}/personas/${id}`, { body: { grounding_mode: 'strict' } });
}

async function update(h: Harness, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await h.call('full', 'PUT', PERSONA.update, { body })).json;
}

async function transfer(h: Harness, body: Record<string, unknown>) {
  const { id } = await create(h);
  const reply = await h.call('full', 'POST', PERSONA.transfer(await objectIdOf(h, id)), {
    body: { newOwnerEmail: otherEmail(h), ...body },
  });
  return { id, reply };
}

/** Between the rows: a renamed (and re-titled, re-voiced, unpublished) assistant. */
async function renamed(h: Harness, overrides: Record<string, unknown> = {}) {
  const { id } = await create(h, { name: 'Alpha desk', title: 'Old title', isPublic: true, ...overrides });
  await update(h, {
    personaId: id,
    name: 'Omega desk',
    title: 'New title',
    voice: VOICE_CATALOG[1]!._id,
    isPublic: false,
  });
  return id;
}

/** The customPersonaIds a search answers. */
async function searched(h: Harness, query: string, as: As = 'full'): Promise<unknown[]> {
  const items = (await h.call(as, 'POST', `${PERSONA.search}?${query}`)).json.allPersonas as Array<
    Record<string, unknown>
  >;
  return items.map((i) => i.customPersonaId);
}

/** A created and deleted assistant. */
async function deleted(h: Harness, overrides: Record<string, unknown> = {}): Promise<string> {
  const { id } = await create(h, { name: 'Gone desk', ...overrides });
  await h.call('full', 'DELETE', PERSONA.delete(id));
  return id;
}

/** Oldest first: an agentic tool on web, two private main agents and a public one (nt). */
async function mixed(h: Harness): Promise<void> {
  await create(h, {
    isPublic: false,
    Is_main_agent: false,
    is_agentic_tool: true,
    os: ['web'],
    name: 'Other',
  });
  await create(h, { isPublic: false, name: 'Mixed desk' });
  await create(h, { isPublic: false, name: 'Mixed desk' });
  await create(h, { isPublic: true, name: 'Mixed desk' });
}

const countOf = async (h: Harness, query: string): Promise<unknown> =>
  (await listBody(h, `?ret=count&${query}`)).totalPersonas;

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<AssistantFault, FaultProbe> = {
  'assistants.get-status-string': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.get(id))).json.status;
  },
  'assistants.list-limit-20': async (h) => {
    for (let i = 0; i < 21; i += 1) await create(h);
    return (await listed(h)).length;
  },
  'assistants.list-page-repeats-previous': async (h) => {
    for (let i = 0; i < 4; i += 1) await create(h);
    const ids = async (page: number) =>
      ((await listed(h, `?limit=2&page=${page}`)) as Array<Record<string, unknown>>).map(
        (a) => a.customPersonaId,
      );
    return [...(await ids(1)), ...(await ids(2))];
  },
  'assistants.list-count-with-documents': async (h) => {
    await create(h);
    return Object.keys((await h.call('full', 'POST', `${PERSONA.list()}?ret=count`)).json);
  },
  'assistants.list-public-shows-private': async (h) => {
    await create(h, { isPublic: false });
    return (await listed(h, '?isPublic=public')).length;
  },
  'assistants.list-private-shows-public': async (h) => {
    await create(h, { isPublic: true }, 'other');
    return (await listed(h, '?isPublic=private')).length;
  },
  'assistants.list-main-agent-ignored': async (h) => {
    await create(h, { Is_main_agent: true });
    return (await listed(h, '?isMainAgent=false')).length;
  },
  'assistants.list-os-default-all': async (h) => {
    await create(h, { os: ['android'] });
    return (await listed(h)).length;
  },
  'assistants.list-origin-ignored': async (h) => {
    await create(h, { os: ['android'] });
    return (await listed(h, '?os=nt', { origin: 'https://console.example.com' })).length;
  },
  'assistants.search-name-only': async (h) => {
    await create(h, { name: 'Front desk', title: 'Zebra keeper' });
    return (await h.call('full', 'POST', `${PERSONA.search}?search=zebra`)).json.totalPersonas;
  },
  'assistants.get-unseen-404': async (h) =>
    (await h.call('full', 'POST', PERSONA.get('never-created'))).status,
  'assistants.get-ignores-account': async (h) => {
    const { id } = await create(h, { isPublic: false }, 'other');
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.create-echoes-document': async (h) => 'personaData' in (await create(h)).reply.json,
  'assistants.general-tag-not-appended': async (h) => {
    const { id } = await create(h, { tags: ['sales'] });
    return (await personaData(h, id)).tags;
  },
  'assistants.create-is-public-optional': async (h) =>
    (await create(h, { isPublic: undefined })).reply.status,
  'assistants.personality-2101-accepted': async (h) =>
    (await create(h, { personality: 'p'.repeat(2101) })).reply.status,
  'assistants.personality-2100-refused': async (h) =>
    (await create(h, { personality: 'p'.repeat(2100) })).reply.status,
  'assistants.android-cap-any-android': async (h) => {
    const { id } = await create(h, { os: ['android', 'nt'], base_sys_prompt: 'x'.repeat(5001) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.android-not-truncated': async (h) => {
    const { id } = await create(h, { os: ['android'], base_sys_prompt: 'x'.repeat(5001) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.duplicate-id-409': async (h) => {
    const { id } = await create(h);
    return (await create(h, { customPersonaId: id })).reply.status;
  },
  'assistants.provider-voice-id-accepted': async (h) =>
    (await create(h, { voice: VOICE.voice_id })).reply.status,
  'assistants.update-array-appends': async (h) => {
    const { id } = await create(h, { os: ['nt'] });
    await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, os: ['web'] } });
    return (await personaData(h, id)).os;
  },
  'assistants.update-plugin-string-adds': async (h) => {
    const { id } = await create(h, { accessible_plugin: PLUGIN_IDS });
    await h.call('full', 'PUT', PERSONA.update, {
      body: { personaId: id, accessible_plugin: PLUGIN_IDS[0] },
    });
    return (await personaData(h, id)).accessible_plugin;
  },
  'assistants.update-resets-unsent': async (h) => {
    const { id } = await create(h, { title: 'Front desk', base_sys_prompt: 'Greet people.' });
    await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Renamed' } });
    const data = await personaData(h, id);
    return [data.title, data.base_sys_prompt];
  },
  'assistants.update-by-any-viewer': async (h) => {
    const { id } = await create(h, { isPublic: true });
    return (await h.call('other', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Taken over' } }))
      .status;
  },
  'assistants.delete-keeps-attachments': async (h) => {
    const { id } = await create(h);
    const kbId = String((await h.call('full', 'POST', '/kb', { body: { name: 'base' } })).json.kbId);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${id}`, { body: {} });
    await h.call('full', 'DELETE', PERSONA.delete(id));
    return h.state.attachments.list(id).length;
  },
  'assistants.share-token-unprefixed': async (h) => {
    const { id } = await create(h);
    return String((await h.call('full', 'POST', PERSONA.share(id))).json.data).startsWith('con_sh_');
  },
  'assistants.transfer-accepts-custom-id': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.transfer(id), { body: { newOwnerEmail: otherEmail(h) } }))
      .status;
  },
  'assistants.transfer-unknown-email-accepted': async (h) => {
    const { id } = await create(h);
    const objectId = String((await personaData(h, id))._id);
    await h.call('full', 'POST', PERSONA.transfer(objectId), {
      body: { newOwnerEmail: 'nobody@example.com' },
    });
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.transfer-keep-access-without-note': async (h) => {
    const { id } = await create(h);
    const objectId = String((await personaData(h, id))._id);
    const reply = await h.call('full', 'POST', PERSONA.transfer(objectId), {
      body: { newOwnerEmail: otherEmail(h), keepAccess: true },
    });
    return 'note' in reply.json;
  },
  'assistants.delete-any-caller': async (h) => {
    const { id } = await create(h);
    return (await h.call('other', 'DELETE', PERSONA.delete(id))).status;
  },
  'assistants.list-session-id-object-id': async (h) =>
    (await h.call('full', 'POST', PERSONA.list('conformance'))).status,
  'assistants.list-has-status': async (h) => 'status' in (await listBody(h)),
  'assistants.list-empty-status-false': async (h) => 'status' in (await listBody(h)),
  'assistants.list-empty-without-array': async (h) => 'allPersonas' in (await listBody(h)),
  'assistants.list-current-page-string': async (h) => (await listBody(h)).currentPage,
  'assistants.list-page-zero-based': async (h) => {
    await create(h);
    return ((await listBody(h)).allPersonas as unknown[]).length;
  },
  'assistants.list-default-unlimited': async (h) => {
    for (let i = 0; i < 51; i += 1) await create(h);
    return ((await listBody(h)).allPersonas as unknown[]).length;
  },
  'assistants.list-is-public-default-public': async (h) => {
    await create(h, { isPublic: false });
    return (await listed(h)).length;
  },
  'assistants.list-main-agent-default-true': async (h) => {
    await create(h, { Is_main_agent: false });
    return (await listed(h)).length;
  },
  'assistants.list-omits-id': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-persona-id-key': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-omits-name': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-omits-title': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-is-public-string': async (h) => {
    await create(h);
    return (await firstItem(h)).isPublic;
  },
  'assistants.list-voice-provider-id': async (h) => {
    await create(h);
    return (await firstItem(h)).voice;
  },
  'assistants.list-os-joined': async (h) => {
    await create(h, { os: ['nt', 'web'] });
    return (await firstItem(h)).os;
  },
  'assistants.list-main-agent-lowercase': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-omits-attached-kbs': async (h) => {
    await create(h);
    return Object.keys(await firstItem(h)).sort();
  },
  'assistants.list-created-at-epoch': async (h) => {
    await create(h);
    return typeof (await firstItem(h)).createdAt;
  },
  'assistants.search-omits-id': async (h) => {
    await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra')).allPersonas;
  },
  'assistants.search-omits-custom-id': async (h) => {
    await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra')).allPersonas;
  },
  'assistants.search-name-is-title': async (h) => {
    await create(h, { name: 'Zebra keeper', title: 'Front desk' });
    return (await searchBody(h, 'search=zebra')).allPersonas;
  },
  'assistants.search-ignores-main-agent': async (h) => {
    await create(h, { name: 'Zebra keeper', Is_main_agent: true });
    return (await searchBody(h, 'search=zebra&isMainAgent=false')).totalPersonas;
  },
  'assistants.search-os-default-all': async (h) => {
    await create(h, { name: 'Zebra keeper', os: ['android'] });
    return (await searchBody(h, 'search=zebra')).totalPersonas;
  },
  'assistants.search-ignores-page': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra&limit=1&page=2')).allPersonas;
  },
  'assistants.search-default-unlimited': async (h) => {
    for (let i = 0; i < 31; i += 1) await create(h, { name: 'Zebra keeper' });
    return ((await searchBody(h, 'search=zebra')).allPersonas as unknown[]).length;
  },
  'assistants.search-default-limit-50': async (h) => {
    for (let i = 0; i < 31; i += 1) await create(h, { name: 'Zebra keeper' });
    return ((await searchBody(h, 'search=zebra')).allPersonas as unknown[]).length;
  },
  'assistants.search-no-status': async (h) => 'status' in (await searchBody(h, 'search=zebra')),
  'assistants.get-session-as-persona': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.get-data-key': async (h) => {
    const { id } = await create(h);
    return Object.keys((await h.call('full', 'POST', PERSONA.get(id))).json).sort();
  },
  'assistants.get-by-object-id': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.get(await objectIdOf(h, id)))).status;
  },
  'assistants.get-omits-id': async (h) => Object.keys(await personaData(h, (await create(h)).id)).sort(),
  'assistants.get-persona-id-key': async (h) =>
    Object.keys(await personaData(h, (await create(h)).id)).sort(),
  'assistants.get-omits-name': async (h) => Object.keys(await personaData(h, (await create(h)).id)).sort(),
  'assistants.get-hides-prompt': async (h) => Object.keys(await personaData(h, (await create(h)).id)).sort(),
  'assistants.get-voice-populated': async (h) => (await personaData(h, (await create(h)).id)).voice,
  'assistants.get-plugins-joined': async (h) =>
    (await personaData(h, (await create(h, { accessible_plugin: PLUGIN_IDS })).id)).accessible_plugin,
  'assistants.get-omits-attached-kbs': async (h) =>
    Object.keys(await personaData(h, (await create(h)).id)).sort(),
  'assistants.attached-kb-id-snake': async (h) => {
    const { id } = await create(h);
    await attachBase(h, id);
    return Object.keys(((await personaData(h, id)).attached_kbs as Array<Record<string, unknown>>)[0]!);
  },
  'assistants.attached-enabled-string': async (h) => {
    const { id } = await create(h);
    await attachBase(h, id);
    return ((await personaData(h, id)).attached_kbs as Array<Record<string, unknown>>)[0]?.enabled;
  },
  'assistants.attached-grounding-camel': async (h) => {
    const { id } = await create(h);
    await attachBase(h, id);
    return Object.keys(((await personaData(h, id)).attached_kbs as Array<Record<string, unknown>>)[0]!);
  },
  'assistants.create-name-from-title': async (h) => {
    const { id } = await create(h, { name: 'Ava', title: 'Front desk' });
    return (await personaData(h, id)).name;
  },
  'assistants.create-generates-custom-id': async (h) =>
    (await create(h, { customPersonaId: undefined })).reply.status,
  'assistants.create-always-private': async (h) => {
    await create(h, { isPublic: true });
    return (await listed(h, '?isPublic=public')).length;
  },
  'assistants.create-first-voice-only': async (h) =>
    (await create(h, { voice: VOICE_CATALOG[1]!._id })).reply.status,
  'assistants.voice-optional-web': async (h) =>
    (await create(h, { voice: undefined, os: ['web'] })).reply.status,
  'assistants.tags-optional': async (h) => (await create(h, { tags: undefined })).reply.status,
  'assistants.prompt-cap-every-platform': async (h) => {
    const { id } = await create(h, { os: ['nt'], base_sys_prompt: 'x'.repeat(5001) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.title-dropped': async (h) => {
    const { id } = await create(h, { title: 'Front desk' });
    return (await personaData(h, id)).title;
  },
  'assistants.gender-letter-code': async (h) => (await create(h, { gender: 'female' })).reply.status,
  'assistants.languages-iso-codes': async (h) => (await create(h, { languages: ['English'] })).reply.status,
  'assistants.behavior-string-only': async (h) => (await create(h, { behavior: ['friendly'] })).reply.status,
  'assistants.os-adds-nt': async (h) => {
    const { id } = await create(h, { os: ['android'] });
    return (await personaData(h, id)).os;
  },
  'assistants.main-agent-false-ignored': async (h) => {
    const { id } = await create(h, { Is_main_agent: false });
    return (await personaData(h, id)).Is_main_agent;
  },
  'assistants.main-agent-lowercase-read': async (h) => {
    const { id } = await create(h, { Is_main_agent: true });
    return (await personaData(h, id)).Is_main_agent;
  },
  'assistants.agentic-tool-object': async (h) => (await create(h, { is_agentic_tool: true })).reply.status,
  'assistants.plugins-dropped': async (h) => {
    const { id } = await create(h, { accessible_plugin: PLUGIN_IDS });
    return (await personaData(h, id)).accessible_plugin;
  },
  // An _id that starts with a letter is no title either: the fault shows whatever ids are drawn.
  'assistants.plugins-as-titles': async (h) =>
    (await create(h, { accessible_plugin: ['abcdef0123456789abcdef01'] })).reply.status,
  'assistants.grants-ignored': async (h) => {
    const { id } = await create(h, { isPublic: false, authorised_users_email: [otherEmail(h)] });
    return (await h.call('other', 'POST', PERSONA.get(id))).status;
  },
  'assistants.logo-needs-extension': async (h) =>
    (await create(h, { logo: 'https://picsum.photos/seed/a/640/480' })).reply.status,
  'assistants.voice-language-underscore': async (h) =>
    (await create(h, { voice_language: 'en-US' })).reply.status,
  'assistants.voice-stored-provider-id': async (h) => (await personaData(h, (await create(h)).id)).voice,
  'assistants.custom-id-slugified': async (h) => {
    const { id } = await create(h, { customPersonaId: `front-desk-${Date.now()}` });
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.create-without-status': async (h) => Object.keys((await create(h)).reply.json).sort(),
  'assistants.duplicate-message-taken': async (h) => {
    const { id } = await create(h);
    return (await create(h, { customPersonaId: id })).reply.json.message;
  },
  'assistants.duplicate-other-account-400': async (h) => {
    const { id } = await create(h);
    return (await create(h, { customPersonaId: id }, 'other')).reply.status;
  },
  'assistants.duplicate-per-account': async (h) => {
    const { id } = await create(h);
    return (await create(h, { customPersonaId: id }, 'other')).reply.status;
  },
  'assistants.is-public-missing-404': async (h) => (await create(h, { isPublic: undefined })).reply.status,
  'assistants.personality-422': async (h) =>
    (await create(h, { personality: 'p'.repeat(2101) })).reply.status,
  'assistants.personality-limit-2048': async (h) =>
    (await create(h, { personality: 'p'.repeat(2100) })).reply.status,
  'assistants.personality-truncated': async (h) =>
    (await create(h, { personality: 'p'.repeat(2101) })).reply.status,
  'assistants.android-cap-4999': async (h) => {
    const { id } = await create(h, { os: ['android'], base_sys_prompt: 'x'.repeat(5000) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.android-overlong-refused': async (h) =>
    (await create(h, { os: ['android'], base_sys_prompt: 'x'.repeat(5001) })).reply.status,
  'assistants.update-by-object-id': async (h) => {
    const { id } = await create(h);
    return update(h, { personaId: id, name: 'Renamed' });
  },
  'assistants.update-prompt-appends': async (h) => {
    const { id } = await create(h, { base_sys_prompt: 'First.' });
    await update(h, { personaId: id, base_sys_prompt: 'Second.' });
    return (await personaData(h, id)).base_sys_prompt;
  },
  'assistants.update-string-replaces': async (h) => {
    const { id } = await create(h, { os: ['nt'] });
    await update(h, { personaId: id, os: 'web' });
    return (await personaData(h, id)).os;
  },
  'assistants.update-plugin-array-replaces': async (h) => {
    const { id } = await create(h, { accessible_plugin: [PLUGIN_IDS[0]] });
    await update(h, { personaId: id, accessible_plugin: [PLUGIN_IDS[1]] });
    return (await personaData(h, id)).accessible_plugin;
  },
  'assistants.update-title-ignored': async (h) => {
    const { id } = await create(h, { title: 'Front desk' });
    await update(h, { personaId: id, title: 'Back office' });
    return (await personaData(h, id)).title;
  },
  'assistants.update-is-public-ignored': async (h) => {
    const { id } = await create(h, { isPublic: false });
    await update(h, { personaId: id, isPublic: true });
    return (await personaData(h, id)).isPublic;
  },
  'assistants.update-without-message': async (h) => {
    const { id } = await create(h);
    return Object.keys(await update(h, { personaId: id, name: 'Renamed' })).sort();
  },
  'assistants.delete-by-object-id': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'DELETE', PERSONA.delete(id))).status;
  },
  'assistants.delete-removes-nothing': async (h) => {
    const { id } = await create(h);
    await h.call('full', 'DELETE', PERSONA.delete(id));
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.delete-answers-deleted-flag': async (h) => {
    const { id } = await create(h);
    return Object.keys((await h.call('full', 'DELETE', PERSONA.delete(id))).json).sort();
  },
  'assistants.share-by-object-id': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.share(id))).status;
  },
  'assistants.share-token-key': async (h) => {
    const { id } = await create(h);
    return Object.keys((await h.call('full', 'POST', PERSONA.share(id))).json).sort();
  },
  'assistants.transfer-id-never-found': async (h) => (await transfer(h, {})).reply.status,
  'assistants.transfer-owner-unchanged': async (h) => {
    const { id } = await transfer(h, {});
    return (await h.call('other', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Mine' } })).status;
  },
  'assistants.keep-access-default-true': async (h) => {
    const { id } = await transfer(h, {});
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Still mine' } }))
      .status;
  },
  'assistants.keep-access-ignored': async (h) => {
    const { id } = await transfer(h, { keepAccess: true });
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Still mine' } }))
      .status;
  },
  'assistants.transfer-without-message': async (h) => Object.keys((await transfer(h, {})).reply.json).sort(),
  'assistants.transfer-non-object-id-404': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', PERSONA.transfer(id), { body: { newOwnerEmail: otherEmail(h) } }))
      .status;
  },
  'assistants.share-any-caller': async (h) => {
    const { id } = await create(h);
    return (await h.call('other', 'POST', PERSONA.share(id))).status;
  },
  'assistants.transfer-any-caller': async (h) => {
    const { id } = await create(h);
    return (
      await h.call('other', 'POST', PERSONA.transfer(await objectIdOf(h, id)), {
        body: { newOwnerEmail: otherEmail(h) },
      })
    ).status;
  },
  'assistants.get-session-id-min-length': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'POST', `/persona/enterprise/getPersona/x/${id}`)).status;
  },
  'assistants.create-upserts': async (h) => {
    const { id } = await create(h);
    return (await create(h, { customPersonaId: id })).reply.status;
  },
  'assistants.public-catalog-own-only': async (h) => {
    await create(h, { isPublic: true }, 'other');
    return (await listed(h, '?isPublic=public')).length;
  },
  'assistants.list-total-is-page-count': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h);
    return (await listBody(h, '?limit=2')).totalPersonas;
  },
  'assistants.search-total-is-page-count': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra&limit=2')).totalPersonas;
  },
  'assistants.delete-soft': async (h) => {
    const { id } = await create(h);
    await h.call('full', 'DELETE', PERSONA.delete(id));
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.android-keeps-last-5000': async (h) => {
    const { id } = await create(h, { os: ['android'], base_sys_prompt: `a${'x'.repeat(5000)}` });
    return String((await personaData(h, id)).base_sys_prompt)[0];
  },
  'assistants.android-5000-refused': async (h) =>
    (await create(h, { os: ['android'], base_sys_prompt: 'x'.repeat(5000) })).reply.status,
  'assistants.keep-access-read-only': async (h) => {
    const { id } = await transfer(h, { keepAccess: true });
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Still mine' } }))
      .status;
  },
  'assistants.general-tag-duplicated': async (h) => {
    const { id } = await create(h, { tags: ['General'] });
    return (await personaData(h, id)).tags;
  },
  'assistants.update-plugin-string-clears': async (h) => {
    const { id } = await create(h, { accessible_plugin: PLUGIN_IDS });
    await update(h, { personaId: id, accessible_plugin: PLUGIN_IDS[0] });
    return (await personaData(h, id)).accessible_plugin;
  },
  'assistants.update-resets-os': async (h) => {
    const { id } = await create(h, { os: ['web'] });
    await update(h, { personaId: id, name: 'Renamed' });
    return (await personaData(h, id)).os;
  },
  'assistants.get-unseen-null': async (h) =>
    (await h.call('full', 'POST', PERSONA.get('never-created'))).status,
  'assistants.list-all-shows-every-account': async (h) => {
    await create(h, { isPublic: false }, 'other');
    return (await listed(h)).length;
  },
  'assistants.personality-limit-bytes': async (h) =>
    (await create(h, { personality: '\u00e9'.repeat(2100) })).reply.status,
  'assistants.android-cap-bytes': async (h) => {
    const { id } = await create(h, { os: ['android'], base_sys_prompt: '\u00e9'.repeat(5000) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.update-voice-ignored': async (h) => {
    const { id } = await create(h);
    await update(h, { personaId: id, voice: VOICE_CATALOG[1]!._id });
    return (await personaData(h, id)).voice;
  },
  'assistants.update-cannot-unpublish': async (h) => {
    const { id } = await create(h, { isPublic: true });
    await update(h, { personaId: id, isPublic: false });
    return (await personaData(h, id)).isPublic;
  },
  'assistants.update-any-caller': async (h) => {
    const { id } = await create(h, { isPublic: false });
    return (await h.call('other', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Taken over' } }))
      .status;
  },
  // Input rules (h-rules).
  'assistants.update-os-string-unchecked': async (h) => {
    const { id } = await create(h, { os: ['nt'] });
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, os: 'unlisted' } })).status;
  },
  'assistants.update-is-public-any-type': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, isPublic: 'true' } }))
      .status;
  },
  'assistants.update-name-any-type': async (h) => {
    const { id } = await create(h);
    return (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 42 } })).status;
  },
  'assistants.personality-limit-trimmed': async (h) =>
    (await create(h, { personality: ` ${'p'.repeat(2099)} ` })).reply.status,
  'assistants.personality-nfd-counted': async (h) =>
    (await create(h, { personality: '\u00e9'.repeat(2100) })).reply.status,
  'assistants.android-cap-trimmed': async (h) => {
    const { id } = await create(h, { os: ['android'], base_sys_prompt: ` ${'x'.repeat(4999)} ` });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.update-prompt-cap-bytes': async (h) => {
    const { id } = await create(h, { os: ['android'] });
    await update(h, { personaId: id, base_sys_prompt: '\u6587'.repeat(5000) });
    return String((await personaData(h, id)).base_sys_prompt).length;
  },
  'assistants.create-name-optional': async (h) => (await create(h, { name: undefined })).reply.status,
  'assistants.create-os-values-unchecked': async (h) => (await create(h, { os: ['unlisted'] })).reply.status,
  'assistants.list-limit-one-gives-two': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { os: ['nt'] });
    return (await listed(h, '?limit=1')).length;
  },
  'assistants.search-limit-one-gives-two': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { name: 'Zebra desk' });
    return ((await searchBody(h, 'search=zebra&limit=1')).allPersonas as unknown[]).length;
  },

  // ---- Between the rows (issue 21). ----
  'assistants.list-name-stale': async (h) => {
    await renamed(h);
    return (await firstItem(h, '?isPublic=private')).name;
  },
  'assistants.list-voice-stale': async (h) => {
    await renamed(h);
    return (await firstItem(h, '?isPublic=private')).voice;
  },
  'assistants.list-is-public-stale': async (h) => {
    await renamed(h);
    return (await firstItem(h, '?isPublic=private')).isPublic;
  },
  'assistants.search-item-name-stale': async (h) => {
    await renamed(h);
    return ((await searchBody(h, 'search=omega')).allPersonas as Array<Record<string, unknown>>)[0]?.name;
  },
  'assistants.search-matches-former-name': async (h) => {
    await renamed(h);
    return [await searched(h, 'search=omega'), await searched(h, 'search=alpha')].map((ids) => ids.length);
  },
  'assistants.search-matches-both-names': async (h) => {
    await renamed(h);
    return (await searched(h, 'search=alpha')).length;
  },
  'assistants.search-matches-former-title': async (h) => {
    await renamed(h);
    return [await searched(h, 'search=new%20title'), await searched(h, 'search=old%20title')].map(
      (ids) => ids.length,
    );
  },
  'assistants.public-catalog-stale': async (h) => {
    await renamed(h);
    return (await listed(h, '?isPublic=public')).length;
  },
  'assistants.get-other-stale-public': async (h) => {
    const id = await renamed(h);
    return (await h.call('other', 'POST', PERSONA.get(id))).status;
  },
  'assistants.search-other-stale-public': async (h) => {
    await renamed(h);
    return (await searched(h, 'search=omega', 'other')).length;
  },
  'assistants.list-os-filter-stale': async (h) => {
    const { id } = await create(h, { os: ['nt'] });
    await update(h, { personaId: id, os: ['android'] });
    return (await listed(h, '?os=android')).length;
  },
  'assistants.list-attached-kbs-cached': async (h) => {
    const { id } = await create(h);
    await listed(h);
    await attachBase(h, id);
    return ((await firstItem(h)).attached_kbs as unknown[]).length;
  },
  'assistants.count-cached': async (h) => {
    await countOf(h, 'os=nt');
    await create(h);
    return countOf(h, 'os=nt');
  },
  'assistants.deleted-id-reserved': async (h) => {
    const id = await deleted(h);
    return (await create(h, { customPersonaId: id })).reply.status;
  },
  'assistants.deleted-in-search': async (h) => {
    await deleted(h);
    return (await searched(h, 'search=gone')).length;
  },
  'assistants.deleted-in-private-list': async (h) => {
    await deleted(h);
    return (await listed(h, '?isPublic=private')).length;
  },
  'assistants.deleted-in-public-catalog': async (h) => {
    await deleted(h, { isPublic: true });
    return (await h.call('other', 'POST', `${PERSONA.list()}?isPublic=public`)).json.allPersonas;
  },
  'assistants.deleted-readable-by-others': async (h) => {
    const id = await deleted(h, { isPublic: true });
    return (await h.call('other', 'POST', PERSONA.get(id))).status;
  },
  'assistants.deleted-counted': async (h) => {
    await deleted(h);
    return countOf(h, 'os=nt');
  },
  'assistants.deleted-in-total': async (h) => {
    await deleted(h);
    return (await listBody(h)).totalPersonas;
  },
  'assistants.list-is-public-after-slice': async (h) => {
    await mixed(h);
    await create(h, { isPublic: true }, 'other');
    return (await listed(h, '?isPublic=private&limit=2')).length;
  },
  'assistants.list-main-agent-after-slice': async (h) => {
    await mixed(h);
    return (await listed(h, '?isMainAgent=false&os=nt,web&limit=2')).length;
  },
  'assistants.list-os-after-slice': async (h) => {
    await mixed(h);
    return (await listed(h, '?os=web&limit=2')).length;
  },
  'assistants.search-term-after-slice': async (h) => {
    await mixed(h);
    return (await searched(h, 'search=other&os=nt,web&limit=2')).length;
  },
  'assistants.list-total-ignores-is-public': async (h) => {
    await mixed(h);
    return (await listBody(h, '?isPublic=public')).totalPersonas;
  },
  'assistants.list-total-ignores-main-agent': async (h) => {
    await mixed(h);
    return (await listBody(h, '?isMainAgent=false&os=nt,web')).totalPersonas;
  },
  'assistants.list-total-ignores-os': async (h) => {
    await mixed(h);
    return (await listBody(h, '?os=web')).totalPersonas;
  },
  'assistants.count-ignores-is-public': async (h) => {
    await mixed(h);
    return countOf(h, 'isPublic=public');
  },
  'assistants.count-ignores-main-agent': async (h) => {
    await mixed(h);
    return countOf(h, 'isMainAgent=false&os=nt,web');
  },
  'assistants.count-ignores-os': async (h) => {
    await mixed(h);
    return countOf(h, 'os=web');
  },
  'assistants.search-total-ignores-main-agent': async (h) => {
    await create(h, { name: 'Mixed tool', Is_main_agent: false, is_agentic_tool: true });
    await create(h, { name: 'Mixed desk', Is_main_agent: true });
    return (await searchBody(h, 'search=mixed&isMainAgent=false')).totalPersonas;
  },
  'assistants.search-total-ignores-os': async (h) => {
    await mixed(h);
    return (await searchBody(h, 'search=mixed&os=web')).totalPersonas;
  },
  'assistants.list-total-pages-plus-one': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h);
    return (await listBody(h, '?limit=1')).totalPages;
  },
  'assistants.search-total-pages-plus-one': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra&limit=2')).totalPages;
  },
  'assistants.list-current-page-minus-one': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h);
    return (await listBody(h, '?limit=1&page=2')).currentPage;
  },
  'assistants.search-current-page-first': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h, { name: 'Zebra keeper' });
    return (await searchBody(h, 'search=zebra&limit=1&page=2')).currentPage;
  },
  'assistants.list-limit-one-ignored': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h);
    return (await listed(h, '?limit=1')).length;
  },
  'assistants.search-limit-one-ignored': async (h) => {
    for (let i = 0; i < 2; i += 1) await create(h, { name: 'Zebra keeper' });
    return (await searched(h, 'search=zebra&limit=1')).length;
  },
  'assistants.update-is-public-every-own': async (h) => {
    await create(h, { isPublic: false });
    const { id } = await create(h, { isPublic: false });
    await update(h, { personaId: id, isPublic: true });
    return (await listed(h, '?isPublic=public')).length;
  },
  'assistants.update-id-substring': async (h) => {
    const { id } = await create(h, { name: 'First' });
    await create(h, { customPersonaId: `${id}-2`, name: 'Second' });
    await update(h, { personaId: id, name: 'Renamed' });
    return (await personaData(h, `${id}-2`)).name;
  },
  'assistants.delete-id-prefix': async (h) => {
    const { id } = await create(h);
    await create(h, { customPersonaId: `${id}-2` });
    await h.call('full', 'DELETE', PERSONA.delete(id));
    return (await h.call('full', 'POST', PERSONA.get(`${id}-2`))).status;
  },
  'assistants.transfer-same-name': async (h) => {
    const { id: sibling } = await create(h);
    await transfer(h, {});
    return (await h.call('full', 'POST', PERSONA.get(sibling))).status;
  },
  'assistants.search-shows-other-private': async (h) => {
    await create(h, { isPublic: false, name: 'Zebra keeper' }, 'other');
    return (await searched(h, 'search=zebra')).length;
  },
  'assistants.former-owner-private-list': async (h) => {
    await transfer(h, {});
    return (await listed(h, '?isPublic=private')).length;
  },
  'assistants.former-owner-get': async (h) => {
    const { id } = await transfer(h, {});
    return (await h.call('full', 'POST', PERSONA.get(id))).status;
  },
  'assistants.former-owner-search': async (h) => {
    await transfer(h, {});
    return (await searched(h, 'search=test')).length;
  },
};

describeFaultProbes('planted faults of the assistant module', ASSISTANT_FAULTS, PROBES);
