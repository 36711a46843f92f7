import { stringify } from 'yaml';
import type { Summary } from '../report/summary.ts';

/**
 * An expectations file for the run's failures, one entry per failed or errored check, each with
 * the first line of its message as a provisional reason: the way to adopt the suite on an
 * implementation that is not yet conformant in one step. Someone still has to read the reasons.
 */
export function starterExpectations(summary: Summary): string {
  const entries = summary.checks
    .filter((check) => check.outcome === 'failed' || check.outcome === 'errored')
    .map((check) => ({
      check: check.id,
      expect: check.outcome,
      reason: `known deviation: ${(check.message ?? check.outcome).split('\n')[0]?.trim() ?? check.outcome}`,
    }));
  const header = [
    `# Known deviations of ${summary.target}, from the run started ${summary.startedAt}.`,
    '# Made by `conformance expectations`: read every reason, add a link and an expiry date',
    '# (expires: YYYY-MM-DD) where one is known, then pass it with --expectations FILE.',
  ].join('\n');
  return `${header}\n${stringify({ expectations: entries }, { lineWidth: 0 })}`;
}
