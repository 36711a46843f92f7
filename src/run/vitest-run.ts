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

/**
 * Runs the selected check files in one vitest instance (worker threads: they end with this process,
 * so no worker outlives a stopped run) and stops it on the first signal or at the deadline.
 */
export async function runChecks(
  options: CheckRunOptions,
  stop: RunStop,
  phases: PhaseRecorder,
): Promise<Vitest> {
  const before = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  const vitest = await phases.time('vitest start', () => openCheckVitest(options));
  // vitest's logger exits the process on SIGINT/SIGTERM; this run handles them itself (stop, clean
  // up, write the reports), so those listeners go.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.off(signal, listener as () => void);
  stop.whenStopped(() => void vitest.cancelCurrentRun('keyboard-input'));
  if (stop.reason !== undefined) return vitest;
  try {
    await phases.time('check files (workers)', () => vitest.start([]));
  } catch (error) {
    // A stop can break the run off mid-file; the run goes on to clean up and report.
    if (stop.reason === undefined) throw error;
  }
  return vitest;
}
