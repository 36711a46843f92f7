import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { PERSONA, VOICE, personaBody } from '../testing/fixtures.ts';
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
};

describeFaultProbes('planted faults of the assistant module', ASSISTANT_FAULTS, PROBES);
