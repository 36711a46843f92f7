import type { FaultDefinition } from '../reference/fault-catalog.ts';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import type { ChildRun } from './child-run.ts';

export type FaultVerdict =
  | {
      fault: FaultDefinition;
      caught: true;
      durationMs: number;
      /** Checks that failed with the fault and pass without it. */ by: string[];
    }
  | { fault: FaultDefinition; caught: false; durationMs: number; reason: string };

/** Checks of the unfaulted run that did not pass (failed or errored): their failing proves nothing. */
export function failingIds(summary: Summary | undefined): Set<string> {
  return new Set(
    (summary?.checks ?? []).filter((check) => check.status === 'failed').map((check) => check.id),
  );
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]?.trim() ?? '';
}

/**
 * A fault is caught when at least one check citing its requirement fails, as a verdict, against
 * the faulted reference while passing against the unfaulted one. Anything else is a survivor,
 * with the reason.
 */
export function judgeFault(
  fault: FaultDefinition,
  files: readonly string[],
  run: ChildRun | undefined,
  baselineFailing: ReadonlySet<string>,
): FaultVerdict {
  const survived = (reason: string): FaultVerdict => ({
    fault,
    caught: false,
    durationMs: run?.durationMs ?? 0,
    reason,
  });
  if (files.length === 0 || run === undefined) return survived(`no check cites ${fault.requirement}`);
  if (run.timedOut)
    return survived(`the faulted run did not finish in time (${Math.round(run.durationMs / 1000)}s)`);
  const summary = run.summary;
  if (summary === undefined)
    return survived(`the faulted run wrote no summary (exit status ${String(run.exitCode)})`);
  const checks: SummaryCheck[] = summary.checks;
  const failed = checks.filter((check) => check.outcome === 'failed');
  const by = failed.filter((check) => !baselineFailing.has(check.id)).map((check) => check.id);
  if (by.length > 0) return { fault, caught: true, durationMs: run.durationMs, by };
  if (failed.length > 0)
    return survived(
      `only checks that also fail without the fault failed (${failed.map((c) => c.id).join(', ')})`,
    );
  const errored = checks.filter((check) => check.outcome === 'errored');
  if (errored.length > 0)
    return survived(
      `${errored.length} check(s) errored, which is no verdict: ${firstLine(errored[0]?.message)}`,
    );
  if (summary.harnessErrors.length > 0)
    return survived(`the run broke: ${firstLine(summary.harnessErrors[0])}`);
  const ran = checks.filter((check) => check.outcome !== 'skipped');
  if (ran.length === 0) {
    return survived(
      checks.length === 0
        ? `no check citing ${fault.requirement} ran`
        : `the ${checks.length} check(s) citing ${fault.requirement} were all skipped`,
    );
  }
  return survived(`the ${ran.length} check(s) citing ${fault.requirement} passed`);
}

export interface Score {
  caught: number;
  total: number;
}

export function scoreOf(verdicts: readonly FaultVerdict[]): Score {
  return { caught: verdicts.filter((v) => v.caught).length, total: verdicts.length };
}

/** `mutation score: 58/60 (96.7%)` */
export function formatScore(score: Score): string {
  const percent = score.total === 0 ? 100 : (score.caught / score.total) * 100;
  return `mutation score: ${score.caught}/${score.total} (${percent.toFixed(1)}%)`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** One progress line: `caught    auth.expiry-ignored  ERR-06  4.1s  by auth.bearer.listPersonas.expired-key, ...` */
export function formatVerdict(verdict: FaultVerdict, width: number): string {
  const head = `${verdict.caught ? 'caught  ' : 'SURVIVED'}  ${verdict.fault.id.padEnd(width)}  ${verdict.fault.requirement.padEnd(14)}  ${seconds(verdict.durationMs).padStart(6)}`;
  if (!verdict.caught) return `${head}  ${verdict.reason}`;
  const [first, ...rest] = verdict.by;
  return `${head}  by ${first ?? ''}${rest.length > 0 ? ` and ${rest.length} more` : ''}`;
}
