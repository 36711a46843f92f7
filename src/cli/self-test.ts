import { ConfigError } from '../target/config-error.ts';
import type { SelfTestOutput } from '../selftest/self-test.ts';
import { parseSelfTestArgs } from './self-test-options.ts';

export { SELF_TEST_COMMAND } from './self-test-options.ts';

const CONSOLE: SelfTestOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * `conformance self-test` (src/selftest/self-test.ts): bad flags are one line and exit status 2;
 * the self-test itself is loaded only when it runs, with vitest and the reference.
 */
export async function runSelfTest(argv: readonly string[], io: SelfTestOutput = CONSOLE): Promise<number> {
  let options;
  try {
    options = parseSelfTestArgs(argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`conformance self-test: ${error.message}`);
    return 2;
  }
  return (await import('../selftest/self-test.ts')).selfTest(options, io);
}
