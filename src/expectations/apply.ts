import picomatch from 'picomatch';
import type { SummaryCheck } from '../report/summary.ts';
import type { Expectation } from './file.ts';

/** What the expectations made of a run: the checks with their new outcomes, and the warnings. */
export interface Applied {
  checks: SummaryCheck[];
  /** Entries that matched no check, and entries past their date: said, never silently dropped. */
  warnings: string[];
}

function describeEntry(entry: Expectation): string {
  return `expectations entry ${entry.entry} (${entry.check !== undefined ? `check ${entry.check}` : `requirement ${entry.requirement}`})`;
}

function matcherOf(entry: Expectation): (check: SummaryCheck) => boolean {
  if (entry.requirement !== undefined) {
    const id = entry.requirement;
    return (check) => check.requirements.includes(id);
  }
  const glob = picomatch(entry.check ?? '', { dot: true });
  return (check) => glob(check.id);
}

/** The outcome the check would need for the entry to excuse it. */
function matchesExpected(check: SummaryCheck, entry: Expectation): boolean {
  return check.outcome === entry.expect;
}

const PASSING = new Set(['passed', 'warned', 'observed']);

function note(check: SummaryCheck, text: string): string {
  return check.message === undefined ? text : `${check.message}\n  ${text}`;
}

/**
 * Applies known deviations to a run's checks, on the run's date `today` (YYYY-MM-DD):
 * - a check whose outcome is the one its entry expects becomes `expected` (its status stays:
 *   TARGET.md's totals still count it), with the entry's reason and link;
 * - a check its entry expects to fail, skip or err that passed is an `unexpected-pass`, status
 *   failed: the message says to delete the entry, so the file cannot go stale;
 * - an entry past its `expires` date excuses nothing, and a check it would have excused says so;
 * - the first entry matching a check decides; entries matching no check are warnings.
 */
export function applyExpectations(
  checks: readonly SummaryCheck[],
  entries: readonly Expectation[],
  today: string,
): Applied {
  const matchers = entries.map((entry) => ({ entry, matches: matcherOf(entry) }));
  const used = new Set<number>();
  const warnings: string[] = [];
  const result = checks.map((check): SummaryCheck => {
    const found = matchers.find(({ matches }) => matches(check));
    if (!found) return check;
    const { entry } = found;
    used.add(entry.entry);
    if (entry.expires !== undefined && entry.expires < today) {
      if (PASSING.has(check.outcome)) return check;
      return {
        ...check,
        message: note(check, `${describeEntry(entry)} expired on ${entry.expires}: it excuses nothing now`),
      };
    }
    const expectation = {
      entry: entry.entry,
      reason: entry.reason,
      ...(entry.link ? { link: entry.link } : {}),
    };
    if (matchesExpected(check, entry)) return { ...check, outcome: 'expected', expectation };
    if (PASSING.has(check.outcome)) {
      return {
        ...check,
        outcome: 'unexpected-pass',
        status: 'failed',
        expectation,
        message: `unexpected pass: ${describeEntry(entry)} expects it to be ${entry.expect} ("${entry.reason}"), but it passed; delete the entry`,
      };
    }
    return {
      ...check,
      message: note(check, `${describeEntry(entry)} expects ${entry.expect}, not ${check.outcome}`),
    };
  });
  for (const { entry } of matchers) {
    if (!used.has(entry.entry)) warnings.push(`${describeEntry(entry)} matches no check of this run`);
    else if (entry.expires !== undefined && entry.expires < today)
      warnings.push(`${describeEntry(entry)} expired on ${entry.expires}`);
  }
  return { checks: result, warnings };
}
