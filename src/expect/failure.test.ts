import { getStatusFromError } from 'allure-js-commons/sdk';
import { describe, expect, it } from 'vitest';
import { ConformanceFailure, ConformanceWarning, HarnessError, SetupError, isVerdict } from './failure.ts';

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

describe('isVerdict', () => {
  it('tells a verdict from an error, on the error and on its serialised copy alike', () => {
    const failure = new ConformanceFailure('Received: 200 / Documented: 400', undefined);
    const assertion = Object.assign(new Error('expected 1 to be 2'), { name: 'AssertionError' });
    for (const verdict of [failure, assertion])
      expect([isVerdict(verdict), isVerdict(JSON.parse(JSON.stringify({ name: verdict.name })))]).toEqual([
        true,
        true,
      ]);
    for (const other of [
      new SetupError('setup', undefined),
      new ConformanceWarning('a 5xx', undefined),
      new HarnessError('no response'),
      new Error('boom'),
      'a string',
      undefined,
    ])
      expect(isVerdict(other)).toBe(false);
  });
});
