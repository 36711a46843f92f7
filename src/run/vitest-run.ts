import { createVitest, type CliOptions, type Vitest } from 'vitest/node';
import { checkFilesOptions } from '../harness/vitest-options.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import type { PhaseRecorder } from './phases.ts';
import type { RunStop } from './stop.ts';

/** What a run of check files chooses beside what every one shares (checkFilesOptions). */
export type CheckRunOptions = Pick<
  CliOptions,
  'include' | 'maxWorkers' | 'bail' | 'provide' | 'reporters' | 'setupFiles'
> & {
  /** Each file's heap and imports measured for the bench's phases (src/run/phases.ts). */
  measure?: boolean;
};

/** A vitest instance over the suite's check files: a run's, or a self-test lane's kept for its batches. */
export function openCheckVitest(
  { measure, ...options }: CheckRunOptions,
  root = PROJECT_ROOT,
): Promise<Vitest> {
  return createVitest('test', { ...checkFilesOptions(root, measure === true), ...options });
}

/** How a run's vitest instance comes to be: openCheckVitest, or a test's stand-in. */
export type OpenVitest = (options: CheckRunOptions) => Promise<Vitest>;

/** vitest's logger exits the process on SIGINT/SIGTERM; a run handles them itself (stop, clean up, write the reports). */
function dropVitestSignalListeners(before: ReadonlySet<unknown>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.off(signal, listener as () => void);
}

/**
 * Runs the selected check files in one vitest instance (worker threads: they end with this process,
 * so no worker outlives a stopped run) and stops it on the first signal or at the deadline.
 *
 * Never throws, and never leaves the instance open: every way out closes it (its pool and workers
 * with it), so that the run goes on to remove what it created, by its ledger, and to write its
 * reports. When a stop or an error broke the run off, `settle` runs first, while the workers still
 * live (the creates in flight get their answers, and the ledger their ids). Returns the error that
 * broke the run off (vitest could not start, or failed); undefined when it ran to its end or a stop
 * ended it.
 */
export async function runChecks(
  options: CheckRunOptions,
  stop: RunStop,
  phases: PhaseRecorder,
  settle: () => Promise<void>,
  open: OpenVitest = openCheckVitest,
): Promise<Error | undefined> {
  const before = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  let vitest: Vitest | undefined;
  let failure: Error | undefined;
  const failed = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  };
  try {
    // vitest's signal listeners go before any file runs, also when opening failed half-way.
    const opened = await phases
      .time('vitest start', () => open(options))
      .finally(() => dropVitestSignalListeners(before));
    vitest = opened;
    stop.whenStopped(() => void opened.cancelCurrentRun('keyboard-input'));
    if (stop.reason === undefined) await phases.time('check files (workers)', () => opened.start([]));
  } catch (error) {
    // A stop can break the run off mid-file: that is no error.
    if (stop.reason === undefined) failed(error);
  }
  try {
    if (stop.reason !== undefined || failure !== undefined) await settle();
  } catch (error) {
    failed(error);
  }
  try {
    await phases.time('vitest close', () => closeWithin(vitest, CLOSE_TIMEOUT_MS));
  } catch (error) {
    failed(error);
  }
  return failure;
}

/**
 * How long closing vitest may take: its workers end with this process anyway, and a close that
 * hangs (after a pool failure) must not keep the run from sweeping what it created and reporting.
 */
const CLOSE_TIMEOUT_MS = 30_000;

/** Closes `vitest`, or gives up after `ms` with an error that says so (the close goes on unawaited). */
async function closeWithin(vitest: Vitest | undefined, ms: number): Promise<void> {
  if (vitest === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`vitest did not close within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([vitest.close(), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
