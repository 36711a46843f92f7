/** `conformance self-test`: see src/selftest/self-test.ts. */
export { runSelfTest } from '../selftest/self-test.ts';
export { SELF_TEST_COMMAND } from '../selftest/options.ts';
