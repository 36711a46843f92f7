import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The project's own tests: unit tests beside the code in src/. Conformance checks in suites/
// are run by `conformance run`, which starts vitest with its own configuration.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/*.test.js'],
    // Threads sharing their modules between files: the files import the same heavy modules
    // (vitest/node, fastify, the spec), and importing them once per worker instead of once per
    // file saves about 40% of the CPU the tests take. A test that changes process-wide state
    // restores it (vi.stubEnv, finally blocks).
    pool: 'threads',
    // Most of the slow files wait on a conformance run in a child process, so a worker per core
    // (vitest's default leaves one core out) keeps both cores busy: 4 minutes became 3m20 on two.
    maxWorkers: Math.max(2, availableParallelism()),
    isolate: false,
    unstubEnvs: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
