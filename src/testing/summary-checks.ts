import type { IndexedCheck } from '../harness/check-index.ts';
import { buildSummary, statusOf, type Summary, type SummaryCheck } from '../report/summary.ts';

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

/**
 * The summary of a run of `checks` for a unit test: target `t`, started at the epoch, 1 ms long,
 * no harness error, unless `extra` says otherwise.
 */
export function summaryOf(
  checks: SummaryCheck[],
  extra: Partial<Parameters<typeof buildSummary>[0]> = {},
): Summary {
  return buildSummary({
    target: 't',
    startedAt: new Date(0),
    durationMs: 1,
    checks,
    harnessErrors: [],
    ...extra,
  });
}

/** What the account model observed of a get after a transfer, a situation every draw reaches. */
export const transferGet = (behaviour: string) => ({
  requirement: 'AS-TRANSFER-06',
  value: `get after a transfer: ${behaviour}`,
  situation: 'get after a transfer',
});

/** What the account model observed of a share after a transfer, a situation only some draws reach. */
export const transferShare = {
  requirement: 'AS-TRANSFER-06',
  value: 'share after a transfer: 400',
  situation: 'share after a transfer',
};
