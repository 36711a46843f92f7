import type { IndexedCheck } from '../harness/check-index.ts';
import { statusOf, type SummaryCheck } from '../report/summary.ts';

const FILE = 'suites/voices/v.test.ts';

/**
 * A check of summary.json for a unit test, as a run writes it: its status the one its outcome
 * implies (statusOf), anything else given.
 */
export function summaryCheck(
  id: string,
  outcome: SummaryCheck['outcome'],
  extra: Partial<SummaryCheck> = {},
): SummaryCheck {
  return {
    id,
    requirements: ['VOICE-12'],
    status: statusOf(outcome),
    outcome,
    title: `t ${id}`,
    file: FILE,
    ...extra,
  };
}

/** A check of the check index for a unit test. */
export function indexedCheck(id: string, extra: Partial<IndexedCheck> = {}): IndexedCheck {
  return {
    id,
    title: `t ${id}`,
    requirements: ['VOICE-12'],
    operations: [],
    area: 'voices',
    file: FILE,
    ...extra,
  };
}
