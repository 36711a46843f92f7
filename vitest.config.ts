import { defineConfig } from 'vitest/config';

// The project's own tests: unit tests beside the code in src/. Conformance checks in suites/
// are run by `conformance run`, which starts vitest with its own configuration.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/*.test.js'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
