import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { FUNC_RUN, FUNC_SCHEMA, PERSONA, PLUGIN, personaBody, pluginBody } from '../testing/fixtures.ts';
import { PLUGIN_FAULTS, type PluginFault } from './faults.ts';

/** Updates a plugin by title. */
const update = (h: Harness, body: Record<string, unknown>) => h.call('full', 'PUT', PLUGIN.update, { body });

const remove = (h: Harness, title: string) => h.call('full', 'DELETE', PLUGIN.delete, { body: { title } });

/** A list or search answer's body. */
const answer = async (h: Harness, path: string, as: As = 'full') => (await h.call(as, 'POST', path)).json;

/** totalPlugins, totalPages, currentPage and the titles of one list or search page. */
async function pageOf(h: Harness, path: string, as: As = 'full') {
  const json = await answer(h, path, as);
  const items = (json.plugin ?? []) as Array<{ title: string }>;
  return [json.totalPlugins, json.totalPages, json.currentPage, items.map((p) => p.title)];
}

/** Three plugins of the caller's, created in turn (titles returned in order). */
async function three(h: Harness, overrides: Array<Record<string, unknown>>): Promise<string[]> {
  const titles: string[] = [];
  for (const o of overrides) titles.push((await create(h, o)).title);
  return titles;
}

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function create(h: Harness, overrides: Record<string, unknown> = {}, as: As = 'full') {
  const body = pluginBody(overrides);
  const reply = await h.call(as, 'POST', PLUGIN.create, { body });
  return { title: String(body.title), reply };
}

/** A probe: create a plugin, update it with `fields`, and answer the update's status. */
const updateStatus =
  (fields: Record<string, unknown>): FaultProbe =>
  async (h) => {
    const { title } = await create(h);
    return (await h.call('full', 'PUT', PLUGIN.update, { body: { title, ...fields } })).status;
  };

const get = (h: Harness, title: string, as: As = 'full') =>
  h.call(as, 'POST', `${PLUGIN.get}?title=${encodeURIComponent(title)}`);

/** The titles a list answers, whatever its collection key. */
async function listedTitles(h: Harness, query: string, as: As = 'full'): Promise<string[]> {
  const json = (await h.call(as, 'POST', `${PLUGIN.list()}${query}`)).json;
  const items = (json.plugin ?? json.plugins ?? []) as Array<{ title: string }>;
  return items.map((p) => p.title).sort();
}

/** The items of the caller's list (all of its plugins). */
async function listItems(h: Harness): Promise<Array<Record<string, unknown>>> {
  return ((await h.call('full', 'POST', PLUGIN.list())).json.plugin ?? []) as Array<Record<string, unknown>>;
}

const listItemKeys = async (h: Harness) => Object.keys((await listItems(h))[0] ?? {}).sort();

async function searchItems(h: Harness, term: string): Promise<Array<Record<string, unknown>>> {
  const json = (await h.call('full', 'POST', `${PLUGIN.search}?search=${term}`)).json;
  return (json.plugin ?? []) as Array<Record<string, unknown>>;
}

const getKeys = async (h: Harness, title: string) =>
  Object.keys((await get(h, title)).json.plugin ?? {}).sort();

/** Get's plugin object, or an empty one. */
const detail = async (h: Harness, title: string, as: As = 'full') =>
  ((await get(h, title, as)).json.plugin ?? {}) as Record<string, unknown>;

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<PluginFault, FaultProbe> = {
  'plugins.list-code-in-clear': async (h) => {
    await create(h);
    const items = (await h.call('full', 'POST', PLUGIN.list())).json.plugin as Array<{ func_run: string }>;
    return items[0]?.func_run === FUNC_RUN;
  },
  'plugins.list-key-plural': async (h) => {
    await create(h);
    return Object.keys((await h.call('full', 'POST', PLUGIN.list())).json).sort();
  },
  'plugins.empty-result-with-plugin-key': async (h) =>
    Object.keys((await h.call('full', 'POST', `${PLUGIN.search}?search=nothing_matches`)).json).sort(),
  'plugins.search-limit-50': async (h) => {
    for (let i = 0; i < 21; i += 1) await create(h, { name: `Zebra ${i}` });
    return ((await h.call('full', 'POST', `${PLUGIN.search}?search=zebra`)).json.plugin as unknown[]).length;
  },
  'plugins.get-status-boolean': async (h) => (await get(h, (await create(h)).title)).json.status,
  'plugins.agentic-tool-default-incomplete': async (h) => {
    const { title } = await create(h, { is_agentic_tool: undefined });
    return ((await get(h, title)).json.plugin as Record<string, unknown>).is_agentic_tool;
  },
  'plugins.list-schema-in-clear': async (h) => {
    await create(h);
    const items = (await h.call('full', 'POST', PLUGIN.list())).json.plugin as Array<{ func_schema: string }>;
    return items[0]?.func_schema === FUNC_SCHEMA;
  },
  'plugins.search-code-in-clear': async (h) => {
    await create(h, { name: 'Zebra' });
    return (await searchItems(h, 'zebra'))[0]?.func_run === FUNC_RUN;
  },
  'plugins.list-item-without-id': async (h) => {
    await create(h);
    return listItemKeys(h);
  },
  'plugins.list-item-title-renamed': async (h) => {
    await create(h);
    return listItemKeys(h);
  },
  'plugins.list-item-without-name': async (h) => {
    await create(h);
    return listItemKeys(h);
  },
  'plugins.list-tags-joined': async (h) => {
    await create(h, { tags: ['a', 'b'] });
    return (await listItems(h))[0]?.tags;
  },
  'plugins.list-is-public-string': async (h) => {
    await create(h);
    return (await listItems(h))[0]?.isPublic;
  },
  'plugins.anonymous-creator-null': async (h) => {
    await create(h, { isAnonymous: true });
    return (await listItems(h))[0]?.creator;
  },
  'plugins.list-os-joined': async (h) => {
    await create(h, { os: ['nt', 'web'] });
    return (await listItems(h))[0]?.os;
  },
  'plugins.search-item-without-id': async (h) => {
    await create(h, { name: 'Zebra' });
    return Object.keys((await searchItems(h, 'zebra'))[0] ?? {}).sort();
  },
  'plugins.search-item-title-renamed': async (h) => {
    await create(h, { name: 'Zebra' });
    return Object.keys((await searchItems(h, 'zebra'))[0] ?? {}).sort();
  },
  'plugins.list-status-true': async (h) => {
    await create(h);
    return (await h.call('full', 'POST', PLUGIN.list())).json.status;
  },
  'plugins.current-page-string': async (h) => {
    await create(h);
    return (await h.call('full', 'POST', PLUGIN.list())).json.currentPage;
  },
  'plugins.search-without-tags': async (h) => {
    await create(h, { name: 'Zebra' });
    return Object.keys((await h.call('full', 'POST', `${PLUGIN.search}?search=zebra`)).json).sort();
  },
  'plugins.search-empty-status-boolean': async (h) =>
    (await h.call('full', 'POST', `${PLUGIN.search}?search=nothing_matches`)).json.status,
  'plugins.get-id-renamed': async (h) => getKeys(h, (await create(h)).title),
  'plugins.get-without-title': async (h) => getKeys(h, (await create(h)).title),
  'plugins.get-without-name': async (h) => getKeys(h, (await create(h)).title),
  'plugins.get-description-renamed': async (h) => getKeys(h, (await create(h)).title),
  'plugins.get-is-public-string': async (h) =>
    ((await get(h, (await create(h)).title)).json.plugin as Record<string, unknown>).isPublic,
  'plugins.get-creator-object': async (h) =>
    typeof ((await get(h, (await create(h)).title)).json.plugin as Record<string, unknown>).creator,
  'plugins.get-data-key': async (h) => Object.keys((await get(h, (await create(h)).title)).json).sort(),
  'plugins.list-func-run-object': async (h) => {
    await create(h);
    return typeof (await listItems(h))[0]?.func_run;
  },
  'plugins.list-func-schema-object': async (h) => {
    await create(h);
    return typeof (await listItems(h))[0]?.func_schema;
  },
  'plugins.list-default-public': async (h) => {
    await create(h, { isPublic: false });
    return listedTitles(h, '');
  },
  'plugins.status-pending-refused': async (h) =>
    (await h.call('full', 'POST', `${PLUGIN.list()}?status=pending`)).status,
  'plugins.list-os-default-nt': async (h) => {
    await create(h, { os: ['android'] });
    return listedTitles(h, '');
  },
  'plugins.list-page-ignored': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h);
    return listedTitles(h, '?limit=2&page=2');
  },
  'plugins.list-limit-20': async (h) => {
    for (let i = 0; i < 51; i += 1) await create(h);
    return (await listItems(h)).length;
  },
  'plugins.list-limit-100': async (h) => {
    for (let i = 0; i < 51; i += 1) await create(h);
    return (await listItems(h)).length;
  },
  'plugins.public-catalog-own-only': async (h) => {
    await create(h, { isPublic: true }, 'other');
    return listedTitles(h, '?isPublic=public');
  },
  'plugins.search-unpublished-only': async (h) => {
    await create(h, { name: 'Zebra', isPublic: true });
    return (await searchItems(h, 'zebra')).length;
  },
  'plugins.search-os-default-nt': async (h) => {
    await create(h, { name: 'Zebra', os: ['android'] });
    return (await searchItems(h, 'zebra')).length;
  },
  'plugins.search-page-off-by-one': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { name: 'Zebra' });
    return (await searchItems(h, 'zebra&limit=2')).length;
  },
  'plugins.search-limit-10': async (h) => {
    for (let i = 0; i < 21; i += 1) await create(h, { name: `Zebra ${i}` });
    return (await searchItems(h, 'zebra')).length;
  },
  'plugins.get-title-from-body': async (h) => (await get(h, (await create(h)).title)).status,
  'plugins.title-unique-per-account': async (h) => {
    const { title } = await create(h);
    return (await create(h, { title }, 'other')).reply.status;
  },
  'plugins.code-interpreter-accepted': async (h) =>
    (await create(h, { title: 'code_interpreter' })).reply.status,
  'plugins.auth-url-checked-after-save': async (h) => {
    const { title } = await create(h, { authentication_required: true, connection_url: undefined });
    return (await get(h, title)).status;
  },
  'plugins.is-anonymous-not-required': async (h) =>
    (await create(h, { isAnonymous: undefined })).reply.status,
  'plugins.missing-fields-400': async (h) => (await create(h, { name: undefined })).reply.status,
  'plugins.logo-required': async (h) => (await create(h, { logo: undefined })).reply.status,
  'plugins.create-status-string': async (h) => (await create(h)).reply.json.status,
  'plugins.title-lowercased': async (h) =>
    (await get(h, (await create(h, { title: `Mixed_${Date.now()}` })).title)).status,
  'plugins.name-truncated': async (h) =>
    (await detail(h, (await create(h, { name: 'A very long display name indeed' })).title)).name,
  'plugins.tags-first-only': async (h) =>
    (await detail(h, (await create(h, { tags: ['a', 'b'] })).title)).tags,
  'plugins.os-first-only': async (h) => (await detail(h, (await create(h, { os: ['nt', 'web'] })).title)).os,
  'plugins.human-description-from-ai': async (h) =>
    (await detail(h, (await create(h)).title)).human_description,
  'plugins.ai-description-from-human': async (h) => (await detail(h, (await create(h)).title)).ai_description,
  'plugins.parameters-as-string': async (h) => typeof (await detail(h, (await create(h)).title)).parameters,
  'plugins.is-anonymous-ignored': async (h) =>
    (await detail(h, (await create(h, { isAnonymous: true })).title)).isAnonymous,
  'plugins.connection-url-null-without-auth': async (h) =>
    (await detail(h, (await create(h, { connection_url: 'https://auth.example.com/x' })).title))
      .connection_url,
  'plugins.logo-path-only': async (h) =>
    (await detail(h, (await create(h, { logo: 'https://cdn.example.com/logo.png' })).title)).logo,
  'plugins.agentic-tool-as-boolean': async (h) =>
    (await detail(h, (await create(h, { is_agentic_tool: undefined })).title)).is_agentic_tool,
  'plugins.update-ignores-title': async (h) => {
    await create(h);
    const { title } = await create(h);
    await h.call('full', 'PUT', PLUGIN.update, { body: { title, name: 'Renamed' } });
    return (await detail(h, title)).name;
  },
  'plugins.update-new-id': async (h) => {
    const { title } = await create(h);
    const before = (await detail(h, title))._id;
    await h.call('full', 'PUT', PLUGIN.update, { body: { title, name: 'Renamed' } });
    return (await detail(h, title))._id === before;
  },
  'plugins.update-accepts-v': updateStatus({ name: 'Renamed', __v: 0 }),
  'plugins.update-title-from-query': updateStatus({ name: 'Renamed' }),
  'plugins.update-unsent-tags-cleared': async (h) => {
    const { title } = await create(h, { tags: ['kept'] });
    await h.call('full', 'PUT', PLUGIN.update, { body: { title, name: 'Renamed' } });
    return (await detail(h, title)).tags;
  },
  'plugins.update-status-string': async (h) => {
    const { title } = await create(h);
    return (await h.call('full', 'PUT', PLUGIN.update, { body: { title, name: 'Renamed' } })).json.status;
  },
  'plugins.delete-title-from-query': async (h) => {
    const { title } = await create(h);
    return (await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } })).status;
  },
  'plugins.delete-no-message': async (h) => {
    const { title } = await create(h);
    return Object.keys((await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } })).json).sort();
  },
  'plugins.is-owner-always-true': async (h) => {
    const { title } = await create(h, { isPublic: true });
    return ((await get(h, title, 'other')).json.plugin as Record<string, unknown>).isOwner;
  },
  'plugins.private-includes-public': async (h) => {
    await create(h, { isPublic: true }, 'other');
    return listedTitles(h, '?isPublic=private');
  },
  'plugins.status-filter-ignored': async (h) => {
    await create(h, { isPublic: false });
    await create(h, { isPublic: true });
    return [await listedTitles(h, '?status=approved'), await listedTitles(h, '?status=pending')].map(
      (t) => t.length,
    );
  },
  'plugins.missing-fields-first-only': async (h) =>
    (await create(h, { name: undefined, tags: undefined })).reply.json.message,
  'plugins.connection-url-optional': async (h) =>
    (await create(h, { authentication_required: true, connection_url: undefined })).reply.status,
  'plugins.reserved-title-accepted': async (h) => (await create(h, { title: 'browser_search' })).reply.status,
  'plugins.duplicate-title-replaces': async (h) => {
    const { title } = await create(h);
    return (await create(h, { title, name: 'Impostor' })).reply.status;
  },
  'plugins.own-id-accepted-on-update': async (h) => {
    const { title } = await create(h);
    const _id = ((await get(h, title)).json.plugin as Record<string, unknown>)._id;
    return (await h.call('full', 'PUT', PLUGIN.update, { body: { title, _id, name: 'Renamed' } })).status;
  },
  'plugins.update-any-owner': async (h) => {
    const { title } = await create(h, { isPublic: true });
    return (await h.call('other', 'PUT', PLUGIN.update, { body: { title, human_description: 'B' } })).status;
  },
  'plugins.delete-stays-public': async (h) => {
    const { title } = await create(h, { isPublic: true });
    await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } });
    return listedTitles(h, '?isPublic=public', 'other');
  },
  'plugins.delete-blocked-by-assistant': async (h) => {
    const { title } = await create(h);
    const _id = ((await get(h, title)).json.plugin as Record<string, unknown>)._id;
    await h.call('full', 'POST', PERSONA.create, { body: personaBody({ accessible_plugin: [_id] }) });
    return (await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } })).status;
  },
  'plugins.private-lists-all-unpublished': async (h) => {
    await create(h, { isPublic: false }, 'other');
    return listedTitles(h, '?isPublic=private');
  },
  'plugins.public-includes-private': async (h) => {
    await create(h, { isPublic: false }, 'other');
    return listedTitles(h, '?isPublic=public');
  },
  'plugins.list-code-base64-only': async (h) => {
    await create(h);
    return (await listItems(h))[0]?.func_run;
  },
  'plugins.search-schema-in-clear': async (h) => {
    await create(h, { name: 'Zebra' });
    return (await searchItems(h, 'zebra'))[0]?.func_schema === FUNC_SCHEMA;
  },
  'plugins.is-owner-from-public': async (h) => {
    const { title } = await create(h, { isPublic: true });
    return (await detail(h, title, 'other')).isOwner;
  },
  'plugins.status-all-means-approved': async (h) => {
    await create(h, { isPublic: true });
    return listedTitles(h, '?status=all');
  },
  'plugins.total-plugins-page-length': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h);
    return (await h.call('full', 'POST', `${PLUGIN.list()}?limit=2`)).json.totalPlugins;
  },
  'plugins.empty-result-without-tags': async (h) =>
    Object.keys((await h.call('full', 'POST', `${PLUGIN.search}?search=nothing_matches`)).json).sort(),
  'plugins.agentic-default-status-true': async (h) =>
    (await detail(h, (await create(h, { is_agentic_tool: undefined })).title)).is_agentic_tool,
  'plugins.missing-fields-message-static': async (h) =>
    (await create(h, { name: undefined })).reply.json.message,
  'plugins.reserved-title-saved-then-refused': async (h) => {
    await create(h, { title: 'browser_search' });
    return (await get(h, 'browser_search')).status;
  },
  'plugins.duplicate-check-public-only': async (h) => {
    const { title } = await create(h, { isPublic: false });
    return (await create(h, { title, name: 'Impostor' })).reply.status;
  },
  'plugins.empty-tags-refused': async (h) => (await create(h, { tags: [] })).reply.status,
  'plugins.connection-url-always-required': async (h) =>
    (await create(h, { connection_url: undefined })).reply.status,
  'plugins.managed-field-400': updateStatus({ userId: 'x' }),
  'plugins.managed-field-applied-then-refused': async (h) => {
    const { title } = await create(h);
    await h.call('full', 'PUT', PLUGIN.update, { body: { title, name: 'Renamed', userId: 'x' } });
    return (await detail(h, title)).name;
  },
  'plugins.delete-unpublishes-only': async (h) => {
    const { title } = await create(h);
    await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } });
    return listedTitles(h, '?isPublic=private');
  },
  'plugins.delete-referenced-kept': async (h) => {
    const { title } = await create(h);
    const _id = (await detail(h, title))._id;
    await h.call('full', 'POST', PERSONA.create, { body: personaBody({ accessible_plugin: [_id] }) });
    await h.call('full', 'DELETE', PLUGIN.delete, { body: { title } });
    return (await get(h, title)).status;
  },
  'plugins.list-limit-param-ignored': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h);
    return listedTitles(h, '?limit=2');
  },
  'plugins.search-limit-param-ignored': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { name: 'Zebra' });
    return (await searchItems(h, 'zebra&limit=2')).length;
  },
  'plugins.search-total-counts-all': async (h) => {
    await create(h);
    await create(h, { name: 'Zebra' });
    return (await h.call('full', 'POST', `${PLUGIN.search}?search=zebra`)).json.totalPlugins;
  },
  'plugins.list-os-filter-ignored': async (h) => {
    await create(h, { os: ['android'] });
    return listedTitles(h, '?os=web');
  },
  'plugins.search-os-filter-ignored': async (h) => {
    await create(h, { name: 'Zebra', os: ['android'] });
    return (await searchItems(h, 'zebra&os=web')).length;
  },
  'plugins.list-all-public-only': async (h) => {
    await create(h, { isPublic: false });
    return listedTitles(h, '?isPublic=all');
  },
  'plugins.duplicate-saved-then-refused': async (h) => {
    const { title } = await create(h);
    await create(h, { title, name: 'Impostor' }, 'other');
    return (await detail(h, title)).name ?? null;
  },
  'plugins.missing-title-400': async (h) => (await create(h, { title: undefined })).reply.status,
  'plugins.update-os-ignored': async (h) => {
    const { title } = await create(h, { os: ['nt'] });
    await h.call('full', 'PUT', PLUGIN.update, { body: { title, os: ['web'] } });
    return (await detail(h, title)).os;
  },
  // Between the rows (issue 21).
  'plugins.list-item-stale-after-update': async (h) => {
    const { title } = await create(h, { os: ['nt'] });
    await update(h, { title, name: 'Renamed', os: ['web'] });
    return (await listItems(h)).map((item) => [item.name, item.os]);
  },
  'plugins.list-is-public-stale': async (h) => {
    const { title } = await create(h, { isPublic: false });
    await update(h, { title, isPublic: true });
    return (await listItems(h)).map((item) => item.isPublic);
  },
  'plugins.get-stale-after-update': async (h) => {
    const { title } = await create(h);
    await update(h, { title, name: 'Renamed' });
    return (await detail(h, title)).name;
  },
  'plugins.get-is-public-stale': async (h) => {
    const { title } = await create(h, { isPublic: false });
    await update(h, { title, isPublic: true });
    return (await detail(h, title)).isPublic;
  },
  'plugins.publish-not-in-public-catalog': async (h) => {
    const { title } = await create(h, { isPublic: false });
    await update(h, { title, isPublic: true });
    return listedTitles(h, '?isPublic=public', 'other');
  },
  'plugins.unpublish-stays-in-public-catalog': async (h) => {
    const { title } = await create(h, { isPublic: true });
    await update(h, { title, isPublic: false });
    return listedTitles(h, '?isPublic=public', 'other');
  },
  'plugins.list-os-filter-stale': async (h) => {
    const { title } = await create(h, { os: ['android'] });
    await update(h, { title, os: ['web'] });
    return listedTitles(h, '?os=web');
  },
  'plugins.search-os-stale-after-update': async (h) => {
    const { title } = await create(h, { name: 'Zebra', os: ['android'] });
    await update(h, { title, os: ['web'] });
    return (await searchItems(h, 'zebra&os=web')).length;
  },
  'plugins.update-code-stored-clear': async (h) => {
    const { title } = await create(h);
    await update(h, { title, func_run: FUNC_RUN });
    return (await listItems(h))[0]?.func_run === FUNC_RUN;
  },
  'plugins.update-schema-stored-base64': async (h) => {
    const { title } = await create(h);
    await update(h, { title, func_schema: FUNC_SCHEMA });
    const schema = String((await listItems(h))[0]?.func_schema);
    return Buffer.from(schema, 'base64').toString('utf8') === FUNC_SCHEMA;
  },
  'plugins.search-index-code-clear-after-update': async (h) => {
    const { title } = await create(h, { name: 'Zebra' });
    await update(h, { title, func_run: FUNC_RUN });
    return (await searchItems(h, 'zebra'))[0]?.func_run === FUNC_RUN;
  },
  'plugins.delete-title-stays-reserved': async (h) => {
    const { title } = await create(h);
    await remove(h, title);
    return (await create(h, { title })).reply.status;
  },
  'plugins.deleted-still-searched': async (h) => {
    const { title } = await create(h, { name: 'Zebra' });
    await remove(h, title);
    return (await searchItems(h, 'zebra')).length;
  },
  'plugins.deleted-listed-under-status': async (h) => {
    const { title } = await create(h);
    await remove(h, title);
    return listedTitles(h, '?status=approved');
  },
  'plugins.deleted-listed-under-os': async (h) => {
    const { title } = await create(h);
    await remove(h, title);
    return listedTitles(h, '?os=nt');
  },
  'plugins.deleted-in-others-public-catalog': async (h) => {
    const { title } = await create(h, { isPublic: true });
    await remove(h, title);
    return listedTitles(h, '?isPublic=public', 'other');
  },
  'plugins.deleted-still-gettable': async (h) => {
    const { title } = await create(h);
    await remove(h, title);
    return (await get(h, title)).status;
  },
  'plugins.list-visibility-after-slice': async (h) => {
    await three(h, [{ isPublic: false }, { isPublic: true }, { isPublic: false }]);
    return pageOf(h, `${PLUGIN.list()}?isPublic=public&limit=1&page=1`);
  },
  'plugins.list-status-after-slice': async (h) => {
    await three(h, [{ isPublic: false }, { isPublic: true }, { isPublic: false }]);
    return pageOf(h, `${PLUGIN.list()}?status=pending&limit=1&page=1`);
  },
  'plugins.status-filters-list-nothing': async (h) => {
    await three(h, [{ isPublic: false }, { isPublic: true }, { isPublic: false }]);
    return [
      await pageOf(h, `${PLUGIN.list()}?status=approved`),
      await pageOf(h, `${PLUGIN.list()}?status=pending`),
    ];
  },
  'plugins.list-os-after-slice': async (h) => {
    await three(h, [{ os: ['web'] }, { os: ['android'] }, { os: ['web'] }]);
    return pageOf(h, `${PLUGIN.list()}?os=android&limit=1&page=1`);
  },
  'plugins.search-term-after-slice': async (h) => {
    await three(h, [{ name: 'Zebra' }, {}, {}]);
    return pageOf(h, `${PLUGIN.search}?search=zebra&limit=1&page=1`);
  },
  'plugins.search-os-after-slice': async (h) => {
    await three(h, [
      { name: 'Zebra', os: ['android'] },
      { name: 'Zebra', os: ['web'] },
    ]);
    return pageOf(h, `${PLUGIN.search}?search=zebra&os=android&limit=1&page=1`);
  },
  'plugins.total-ignores-is-public': async (h) => {
    await three(h, [{ isPublic: false }, { isPublic: true }]);
    return (await answer(h, `${PLUGIN.list()}?isPublic=public`)).totalPlugins;
  },
  'plugins.total-ignores-status': async (h) => {
    await three(h, [{ isPublic: false }, { isPublic: true }]);
    return (await answer(h, `${PLUGIN.list()}?status=pending`)).totalPlugins;
  },
  'plugins.total-ignores-os': async (h) => {
    await three(h, [{ os: ['web'] }, { os: ['android'] }]);
    return (await answer(h, `${PLUGIN.list()}?os=android`)).totalPlugins;
  },
  'plugins.search-total-ignores-os': async (h) => {
    await three(h, [
      { name: 'Zebra', os: ['web'] },
      { name: 'Zebra', os: ['android'] },
    ]);
    return (await answer(h, `${PLUGIN.search}?search=zebra&os=android`)).totalPlugins;
  },
  'plugins.deleted-still-counted': async (h) => {
    const [first] = await three(h, [{}, {}]);
    await remove(h, first!);
    return (await answer(h, PLUGIN.list())).totalPlugins;
  },
  'plugins.list-total-pages-exact-multiple': async (h) => {
    await three(h, [{}, {}]);
    return (await answer(h, `${PLUGIN.list()}?limit=2`)).totalPages;
  },
  'plugins.search-total-pages-exact-multiple': async (h) => {
    await three(h, [{ name: 'Zebra' }, { name: 'Zebra' }]);
    return (await answer(h, `${PLUGIN.search}?search=zebra&limit=2`)).totalPages;
  },
  'plugins.search-current-page-always-one': async (h) => {
    await three(h, [{ name: 'Zebra' }, { name: 'Zebra' }]);
    return (await answer(h, `${PLUGIN.search}?search=zebra&limit=1&page=2`)).currentPage;
  },
  'plugins.list-current-page-zero-based': async (h) => {
    await create(h);
    return (await answer(h, PLUGIN.list())).currentPage;
  },
  'plugins.list-limit-one-ignored': async (h) => {
    await three(h, [{}, {}]);
    return pageOf(h, `${PLUGIN.list()}?limit=1`);
  },
  'plugins.search-limit-one-ignored': async (h) => {
    await three(h, [{ name: 'Zebra' }, { name: 'Zebra' }]);
    return pageOf(h, `${PLUGIN.search}?search=zebra&limit=1`);
  },
  'plugins.search-page-overlap': async (h) => {
    await three(h, [{ name: 'Zebra' }, { name: 'Zebra' }]);
    return pageOf(h, `${PLUGIN.search}?search=zebra&limit=1&page=2`);
  },
  'plugins.list-page-gap': async (h) => {
    await three(h, [{}, {}, {}]);
    return pageOf(h, `${PLUGIN.list()}?limit=1&page=2`);
  },
  'plugins.search-os-default-every-platform': async (h) => {
    await create(h, { name: 'Zebra', os: ['android'] });
    return (await searchItems(h, 'zebra')).length;
  },
  'plugins.update-title-prefix-match': async (h) => {
    const { title } = await create(h);
    await create(h, { title: `${title}_2` });
    await update(h, { title, name: 'Renamed' });
    return (await detail(h, `${title}_2`)).name;
  },
  'plugins.delete-title-prefix-match': async (h) => {
    const { title } = await create(h);
    await create(h, { title: `${title}_2` });
    await remove(h, title);
    return (await get(h, `${title}_2`)).status;
  },
  'plugins.search-finds-others-private': async (h) => {
    await create(h, { name: 'Zebra', isPublic: false });
    return (await answer(h, `${PLUGIN.search}?search=zebra`, 'other')).totalPlugins ?? 0;
  },
  'plugins.list-os-filter-skips-visibility': async (h) => {
    await create(h, { isPublic: false, os: ['nt'] });
    return listedTitles(h, '?os=nt', 'other');
  },
  'plugins.list-status-filter-skips-visibility': async (h) => {
    await create(h, { isPublic: false });
    return listedTitles(h, '?status=approved', 'other');
  },
  'plugins.search-os-filter-skips-visibility': async (h) => {
    await create(h, { name: 'Zebra', isPublic: false, os: ['nt'] });
    return (await answer(h, `${PLUGIN.search}?search=zebra&os=nt`, 'other')).totalPlugins ?? 0;
  },
  // Input rules (h-rules).
  'plugins.update-os-values-unchecked': updateStatus({ os: ['unlisted'] }),
  'plugins.update-name-any-type': updateStatus({ name: 42 }),
  'plugins.update-is-public-any-type': updateStatus({ isPublic: 'true' }),
  'plugins.update-tags-any-type': updateStatus({ tags: 'sales' }),
  'plugins.managed-field-alone-accepted': updateStatus({ status: 'approved' }),
  'plugins.update-accepts-app-version': updateStatus({ appVersion: '1.0.0' }),
  'plugins.create-name-any-type': async (h) => (await create(h, { name: 42 })).reply.status,
  'plugins.create-os-values-unchecked': async (h) => (await create(h, { os: ['unlisted'] })).reply.status,
  'plugins.list-limit-one-gives-two': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h);
    return (await listedTitles(h, '?limit=1')).length;
  },
  'plugins.search-limit-one-gives-two': async (h) => {
    for (let i = 0; i < 3; i += 1) await create(h, { name: 'Zebra tool' });
    return (await searchItems(h, 'zebra&limit=1')).length;
  },
};

describeFaultProbes('planted faults of the plugin module', PLUGIN_FAULTS, PROBES);
