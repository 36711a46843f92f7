import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { tuneTierUp } from './src/cli/tier-up.ts';
import { leanThreads, WORKER_YOUNG_GENERATION_MB } from './src/harness/thread-pool.ts';

// Before vitest starts its worker threads, which take the process's V8 flags (src/cli/tier-up.ts).
tuneTierUp();

// The project's own tests: unit tests beside the code in src/. Conformance checks in suites/
// are run by `conformance run`, which starts vitest with its own configuration.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/*.test.js'],
    // Threads sharing their modules between files: the files import the same heavy modules
    // (vitest/node, fastify, the spec), and importing them once per worker instead of once per
    // file saves about 40% of the CPU the tests take. A test that changes process-wide state
    // restores it (vi.stubEnv, finally blocks).
    //
    // Each thread's old generation capped at 768 MB: with isolate: false a thread keeps every file's
    // modules, and V8, sizing its heap for this 24 GB machine, let the process grow to 1.35 GB (npm
    // test's largest) though a thread's live heap stays near 300 MB (--logHeapUsage). Capped, V8
    // collects sooner: 0.82 GB at the same time (640 MB gave 0.79). A test file that ever needs more
    // fails with the worker's out-of-memory error: raise the cap then.
    pool: leanThreads({ maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 768 }),
    // Most of the slow files wait on a conformance run in a child process, so a worker per core
    // (vitest's default leaves one core out) keeps both cores busy: 4 minutes became 3m20 on two.
    maxWorkers: Math.max(2, availableParallelism()),
    isolate: false,
    unstubEnvs: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
