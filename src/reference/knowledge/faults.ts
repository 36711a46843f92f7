/**
 * Planted faults this module honours, for the suite's self-test: each is one small branch that
 * breaks one documented behaviour, and the suite must fail when it is on.
 */
export const KNOWLEDGE_FAULTS = {
  'kb.create-returns-200': 'create base answers 200 instead of 201',
  'kb.list-shows-other-accounts': "list bases also shows other accounts' bases",
  'kb.attach-no-limit': 'attaching a fourth base to an assistant succeeds',
  'kb.detach-deletes-base': 'detaching a base also deletes it',
  'kb.query-ignores-topk': 'query returns up to 20 results whatever topK asks',
  'kb.query-topk-unbounded': 'query returns as many results as topK asks, also above the maximum of 20',
  'kb.query-max-off-by-one': 'query with topK 20 returns at most 19 results although more chunks match',
  'kb.query-any-account': 'a base of another account can be queried by its kbId',
  'kb.query-returns-deleted': 'deleting a document leaves its chunks in query results',
  'kb.refresh-now-ignores-urls': 'refresh-now reports the documents but never re-crawls them',
} as const;

export type KnowledgeFault = keyof typeof KNOWLEDGE_FAULTS;

export interface FaultSwitch {
  has(id: string): boolean;
}

export function faultOn(faults: FaultSwitch, id: KnowledgeFault): boolean {
  return faults.has(id);
}
