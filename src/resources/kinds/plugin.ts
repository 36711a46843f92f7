import { deleteByBody } from './delete.ts';
import type { ResourceKind } from './kind.ts';
import { gotten } from './read.ts';

/** Any non-empty value is accepted for the vestigial `userId` segment. */
export const USER_ID = 'conformance';

/** A plugin: its identity, `title`, is chosen by the suite and carries the run's id. */
export const PLUGIN = {
  name: 'plugin',
  creates: [{ operationId: 'createPlugin', planLabel: 'plugins' }],
  tracked: {
    idInBody: 'title',
    nameField: 'title',
    delete: deleteByBody('deletePlugin', 'title'),
    present: (client, id) => gotten(client, 'getPlugin', { query: { title: id } }, 'plugin', 'title', id),
  },
  leftovers: {
    plural: 'plugins',
    list: 'listPlugins',
    query: { isPublic: 'private', status: 'all', os: 'all' },
    marked: ['title'],
    id: 'title',
    label: (item) => String(item.title),
  },
  lists: {
    listPlugins: { items: 'plugin', total: 'totalPlugins', path: { userId: USER_ID } },
    searchPlugins: { items: 'plugin', total: 'totalPlugins', path: {}, search: 'search' },
  },
  requests: {
    listPlugins: () => ({ input: { path: { userId: USER_ID } } }),
    getPlugin: async (bench) => ({ input: { query: { title: (await bench.plugin()).title } } }),
    searchPlugins: (bench) => ({ input: { query: { search: bench.prefix } } }),
    updatePlugin: async (bench) => ({
      input: {
        body: { title: (await bench.plugin()).title, human_description: 'Updated by the conformance suite.' },
      },
    }),
  },
} as const satisfies ResourceKind;
