import { deleteByPath } from './delete.ts';
import type { ResourceKind } from './kind.ts';
import { listed } from './read.ts';

/** The text the bench's shared base holds, and what its prepared ingests paste and upload. */
export const SAMPLE_TEXT =
  'The conformance suite keeps a logbook of lighthouse keepers. Each keeper rowed supplies ashore when the swell allowed a landing.';

/** A base shared with the account is not its own: it is never the suite's to remove. */
const own = (item: Readonly<Record<string, unknown>>): boolean => item.shared !== true;

/**
 * A knowledge base: the server chooses its identity (`kbId`, in the create's answer), so one whose
 * create was never answered is found by its name, which carries the run's id.
 */
export const KNOWLEDGE_BASE = {
  name: 'knowledge base',
  creates: [{ operationId: 'createKnowledgeBase', planLabel: 'knowledge bases' }],
  tracked: {
    idInAnswer: 'kbId',
    nameField: 'name',
    delete: deleteByPath('deleteKnowledgeBase', 'kbId'),
    present: async (client, id) => {
      const bases = await listed(client, 'listKnowledgeBases', 'kbs', 'bases');
      return typeof bases === 'string' ? bases : bases.some((kb) => kb.kbId === id && own(kb));
    },
    findByName: async (client, name) => {
      const bases = await listed(client, 'listKnowledgeBases', 'kbs', 'bases');
      return typeof bases === 'string'
        ? bases
        : bases
            .filter((kb) => own(kb) && kb.name === name && typeof kb.kbId === 'string')
            .map((kb) => String(kb.kbId));
    },
  },
  leftovers: {
    plural: 'knowledge bases',
    list: 'listKnowledgeBases',
    marked: ['name'],
    id: 'kbId',
    label: (item) => `${String(item.kbId)} (${String(item.name)})`,
    own,
  },
  lists: { listKnowledgeBases: { items: 'kbs' } },
  requests: {
    listKnowledgeBases: () => ({ input: {} }),
    queryKnowledgeBase: async (bench) => ({
      input: { path: { kbId: (await bench.base()).kbId }, body: { query: 'lighthouse keepers' } },
    }),
    getKnowledgeBaseStats: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
    setAutoRefresh: async (bench) => ({
      input: { path: { kbId: (await bench.base()).kbId }, body: { enabled: false } },
    }),
    refreshNow: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
  },
} as const satisfies ResourceKind;
