import type { CliOptions } from 'vitest/node';
import { join } from 'node:path';
import { leanThreads } from './thread-pool.ts';

/**
 * What every vitest instance running the check files shares (a run, a self-test lane, the check
 * index), whatever it adds:
 * - worker threads sharing their modules between files (isolate: false): the spec is loaded and
 *   its schemas compiled once per worker, not once per file;
 *   vitest's own threads but for a smaller young generation in each (thread-pool.ts says why);
 * - each check file's transformed modules kept on disk between runs (vitest's fsModuleCache,
 *   keyed by the file's content): the main thread no longer transforms some 250 TypeScript
 *   modules for every run while the workers wait for them (README, Speed, has the figures);
 * - a check's own time bound (two minutes: a model's history or a page of 51 creates may take
 *   long), also for its set-up and clean-up;
 * - no vitest verdict on a run of no test: a run that executed no check exits 2 by the suite's
 *   own judgement (exitCodeOf), whatever vitest thinks of it.
 * `measure` (the bench's phases, src/run/phases.ts): each file's worker heap and first imports are
 * kept in its diagnostic; nothing of it is printed.
 */
export function checkFilesOptions(root: string, measure = false): CliOptions {
  return {
    config: false,
    root,
    watch: false,
    pool: leanThreads(),
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Setup files one after the other, in the order listed: one may prepare what the next one
    // reads (src/report/allure-no-matchers.ts before allure-vitest's own).
    sequence: { setupFiles: 'list' },
    passWithNoTests: true,
    experimental: {
      fsModuleCache: true,
      // Under the root's own node_modules: vitest clears its cache when the lockfile above the root
      // seems to have changed, and a unit test's root in a temporary directory has none, so one
      // cache shared with it was cleared under the feet of every other run writing to it.
      fsModuleCachePath: join(root, 'node_modules', '.cache', 'assistant-api-conformance', 'vitest'),
      ...(measure ? { importDurations: { limit: 10_000, print: false } } : {}),
    },
    ...(measure ? { logHeapUsage: true } : {}),
  };
}
