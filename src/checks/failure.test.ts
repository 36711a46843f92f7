import { getStatusFromError } from 'allure-js-commons/sdk';
import { describe, expect, it } from 'vitest';
import { ConformanceFailure, HarnessError, SetupError } from './failure.ts';

describe('failure types as Allure reads them', () => {
  it('shows a verdict as failed, and a broken harness or setup as broken', () => {
    expect(getStatusFromError(new ConformanceFailure('Received: 200 / Documented: 400', undefined))).toBe(
      'failed',
    );
    // What the reporter gets: the error serialised by vitest, own fields only.
    const serialised = JSON.parse(
      JSON.stringify({ ...new ConformanceFailure('x', undefined), name: 'ConformanceFailure' }),
    ) as object;
    expect(getStatusFromError(serialised as Error)).toBe('failed');
    expect(
      getStatusFromError(new SetupError('setup: create plugin p: Received: 500 / Needed: 200', undefined)),
    ).toBe('broken');
    expect(getStatusFromError(new HarnessError('no response'))).toBe('broken');
  });
});
