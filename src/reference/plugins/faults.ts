import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the plugin module, for the suite's self-test: each is one small branch at the
 * point of a plausible bug, breaking the one requirement it names.
 */
export const PLUGIN_FAULTS = {
  // Shapes, paging and encryption.
  'plugins.list-code-in-clear': {
    requirement: 'PL-LIST-12',
    breaks: 'list items carry func_run and func_schema decrypted',
  },
  'plugins.list-key-plural': {
    requirement: 'PL-LIST-09',
    breaks: 'the list and search collection key is plugins, not plugin',
  },
  'plugins.empty-result-with-plugin-key': {
    requirement: 'PL-LIST-10',
    breaks: 'a list or search that matches nothing answers the normal shape with plugin: []',
  },
  'plugins.search-limit-50': {
    requirement: 'LIM-12',
    breaks: 'plugin search pages by 50 without limit, not 20',
  },
  'plugins.get-status-boolean': {
    requirement: 'CONV-11',
    breaks: 'get answers status as the boolean true, not the string "true"',
  },
  'plugins.agentic-tool-default-incomplete': {
    requirement: 'PL-SHAPE-21',
    breaks: 'is_agentic_tool defaults to {status: false}, without object: null',
  },
  // Catalogs and account isolation.
  'plugins.is-owner-always-true': {
    requirement: 'PL-SHAPE-36',
    breaks: "get answers isOwner true for another account's plugin",
  },
  'plugins.private-includes-public': {
    requirement: 'PL-LIST-03',
    breaks: "isPublic=private also lists every public plugin, other accounts' included",
  },
  'plugins.status-filter-ignored': {
    requirement: 'PL-LIST-04',
    breaks: 'the status filter is ignored: approved and pending both list every plugin',
  },
  // Create.
  'plugins.missing-fields-first-only': {
    requirement: 'ERR-23',
    breaks: 'the missing-fields 404 names only the first missing field',
  },
  'plugins.connection-url-optional': {
    requirement: 'PL-CREATE-04',
    breaks: 'connection_url is not required when authentication_required is true',
  },
  'plugins.reserved-title-accepted': {
    requirement: 'ERR-25',
    breaks: 'the reserved titles browser_search and code_interpreter are accepted',
  },
  'plugins.duplicate-title-replaces': {
    requirement: 'ERR-19',
    breaks: 'a create with an existing title replaces that plugin instead of a 400',
  },
  // Update and delete.
  'plugins.own-id-accepted-on-update': {
    requirement: 'PL-UPDATE-04',
    breaks: "an update carrying the plugin's own _id is accepted (only a different _id is Invalid Body)",
  },
  'plugins.update-any-owner': {
    requirement: 'ACCT-01',
    breaks: "an update by title reaches another account's plugin, ownership unchecked",
  },
  'plugins.delete-stays-public': {
    requirement: 'STATE-10',
    breaks: 'deleting a public plugin leaves it in the public catalog (it only leaves the own catalog)',
  },
  'plugins.delete-blocked-by-assistant': {
    requirement: 'STATE-12',
    breaks: "deleting a plugin named in an assistant's accessible_plugin is refused",
  },
} as const satisfies Record<string, FaultSpec>;

export type PluginFault = keyof typeof PLUGIN_FAULTS;

/** Whether a plugins fault is planted. */
export const pluginFault = faultCheck(PLUGIN_FAULTS);
