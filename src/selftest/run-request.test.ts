import { describe, expect, it } from 'vitest';
import { ConfigError } from '../target/config-error.ts';
import { encodeRunRequest, readRunRequest, SELF_TEST_RUN_ENV } from './run-request.ts';

describe('the self-test run request', () => {
  it('carries the personality of the embedded reference', () => {
    const env = { [SELF_TEST_RUN_ENV]: encodeRunRequest({ faults: [], openPoints: 'alternative' }) };
    expect(readRunRequest(env)).toEqual({ faults: [], openPoints: 'alternative' });
    expect(readRunRequest({ [SELF_TEST_RUN_ENV]: '{"faults":["a"]}' })).toEqual({ faults: ['a'] });
  });

  it('refuses a personality it does not know', () => {
    expect(() => readRunRequest({ [SELF_TEST_RUN_ENV]: '{"faults":[],"openPoints":"lenient"}' })).toThrow(
      ConfigError,
    );
  });
});
