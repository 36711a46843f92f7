/** `conformance self-test`: see src/selftest/self-test.ts. */
/** Loaded when run: the self-test loads vitest and the reference. */
export async function runSelfTest(argv: readonly string[]): Promise<number> {
  return (await import('../selftest/self-test.ts')).runSelfTest(argv);
}
export { SELF_TEST_COMMAND } from '../selftest/options.ts';
