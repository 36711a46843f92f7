import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import { ConformanceFailure, ConformanceWarning, HarnessError, SetupError } from '../expect/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckKind, CheckMeta } from './check-meta.ts';
import { settleCheckError } from './check.ts';

function meta(kind: CheckKind): CheckMeta {
  return {
    id: 'x.y',
    requirements: ['ERR-25', 'ERR-26'],
    kind,
    operations: [],
    area: 'x',
    observations: [],
    coverage: [],
  };
}

const serverError: Exchange = answered(500, {}, { operationId: 'createPlugin' });

describe('settleCheckError: what an error thrown by a check makes of it', () => {
  it('records a warning on a must check, with the status seen observed, instead of failing it', () => {
    const m = meta('must');
    settleCheckError(new ConformanceWarning('Received: 500 / Documented: a refusal', serverError), m);
    expect(m.warning).toMatch(/Received: 500/);
    expect(m.observations).toEqual([{ requirement: 'ERR-25', value: 'HTTP 500' }]);
  });

  it('rethrows a failure of a must check: it is a verdict', () => {
    const failure = new ConformanceFailure('Received: 200 / Documented: 400', undefined);
    expect(() => settleCheckError(failure, meta('must'))).toThrow(failure);
  });

  it('turns a failed should into a warning, but never a broken harness', () => {
    const m = meta('should');
    settleCheckError(new ConformanceFailure('ranking', undefined), m);
    expect(m.warning).toBe('ranking');
    expect(() => settleCheckError(new HarnessError('no response'), meta('should'))).toThrow(HarnessError);
  });

  it('leaves a setup step that failed on an operation the check is not about errored, with its cause', () => {
    const setup = new SetupError('setup: create plugin p: Received: 500 / Needed: 200', serverError);
    expect(() => settleCheckError(setup, meta('must'))).toThrow(setup);
    expect(setup.message).toContain('createPlugin — test');
  });

  it('makes the same setup step a failure of a check about that operation', () => {
    const m = { ...meta('must'), operations: ['createPlugin'] };
    const setup = new SetupError('setup: create plugin p: Received: 500 / Needed: 200', serverError);
    expect(() => settleCheckError(setup, m)).toThrow(ConformanceFailure);
    expect(() => settleCheckError(setup, m)).toThrow(/Received: 500 \/ Needed: 200/);
  });

  it("leaves a setup step that got no answer errored, even on the check's own operation", () => {
    const m = { ...meta('must'), operations: ['createPlugin'] };
    const unanswered: Exchange = { ...serverError, response: undefined, error: 'response larger than 8 MiB' };
    const setup = new SetupError('setup: create plugin p: Received: no answer', unanswered);
    expect(() => settleCheckError(setup, m)).toThrow(setup);
  });
});
