import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { FUNC_RUN, PERSONA, PLUGIN, personaBody, pluginBody } from '../testing/fixtures.ts';
import { PLUGIN_FAULTS, type PluginFault } from './faults.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function create(h: Harness, overrides: Record<string, unknown> = {}, as: As = 'full') {
  const body = pluginBody(overrides);
  const reply = await h.call(as, 'POST', PLUGIN.create, { body });
  return { title: String(body.title), reply };
}

const get = (h: Harness, title: string, as: As = 'full') =>
  h.call(as, 'POST', `${PLUGIN.get}?title=${encodeURIComponent(title)}`);

/** The titles a list answers, whatever its collection key. */
async function listedTitles(h: Harness, query: string, as: As = 'full'): Promise<string[]> {
  const json = (await h.call(as, 'POST', `${PLUGIN.list()}${query}`)).json;
  const items = (json.plugin ?? json.plugins ?? []) as Array<{ title: string }>;
  return items.map((p) => p.title).sort();
}

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
};

describeFaultProbes('planted faults of the plugin module', PLUGIN_FAULTS, PROBES);
