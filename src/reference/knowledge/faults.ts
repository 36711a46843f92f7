import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the knowledge-base module, for the suite's self-test: each is one small branch
 * at the point of a plausible bug, breaking the one requirement it names.
 */
export const KNOWLEDGE_FAULTS = {
  'kb.create-returns-200': {
    requirement: 'KB-BASE-16',
    breaks: 'create base answers 200 instead of 201',
  },
  'kb.list-shows-other-accounts': {
    requirement: 'KB-BASE-14',
    breaks: "list bases also shows other accounts' bases",
  },
  'kb.attach-no-limit': {
    requirement: 'LIM-02',
    breaks: 'attaching a fourth base to an assistant succeeds',
  },
  'kb.detach-deletes-base': {
    requirement: 'KB-ATTACH-11',
    breaks: 'detaching a base also deletes it',
  },
  'kb.query-ignores-topk': {
    requirement: 'LIM-07',
    breaks: 'query returns up to 20 results whatever topK asks',
  },
  'kb.query-topk-unbounded': {
    requirement: 'LIM-08',
    breaks: 'query returns as many results as topK asks, also above the maximum of 20',
  },
  'kb.query-max-off-by-one': {
    requirement: 'KB-QUERY-10',
    breaks: 'query with topK 20 returns at most 19 results although more chunks match',
  },
  'kb.query-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a base of another account can be queried by its kbId',
  },
  'kb.query-returns-deleted': {
    requirement: 'STATE-15',
    breaks: 'deleting a document leaves its chunks in query results',
  },
  'kb.refresh-now-ignores-urls': {
    requirement: 'STATE-06',
    breaks: 'refresh-now reports the documents but never re-crawls them',
  },
} as const satisfies Record<string, FaultSpec>;

export type KnowledgeFault = keyof typeof KNOWLEDGE_FAULTS;

/** Whether a knowledge-base fault is planted. */
export const knowledgeFault = faultCheck(KNOWLEDGE_FAULTS);
