import { describe, expect, it } from 'vitest';
import { SetupError } from '../expect/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import { requireField, requireSuccess } from './setup.ts';
import { thrownBy } from '../testing/thrown.ts';

function answered(status: number | undefined, json: unknown = {}): Exchange {
  return {
    operationId: 'createKnowledgeBase',
    label: 'createKnowledgeBase — POST /kb',
    request: { method: 'POST', url: 'http://127.0.0.1/api/v1/kb', headers: {} },
    response: status === undefined ? undefined : { status, headers: {}, text: JSON.stringify(json), json },
    error: status === undefined ? 'timeout' : undefined,
    durationMs: 1,
  };
}

describe('requireSuccess', () => {
  it('passes the documented status, or any 2xx when none is named', () => {
    expect(requireSuccess('create base', answered(201), 201).response?.status).toBe(201);
    expect(requireSuccess('attach', answered(204)).response?.status).toBe(204);
  });

  it.each([
    [answered(200), 201, /setup: create base: Received: 200 \/ Needed: 201/],
    [answered(400), undefined, /Received: 400 \/ Needed: a success \(2xx\)/],
    [answered(undefined), 201, /Received: no answer \(timeout\)/],
  ])('throws a SetupError naming the step, the status and the exchange', (exchange, documented, message) => {
    const thrown = thrownBy(SetupError, () => requireSuccess('create base', exchange, documented));
    expect(thrown.message).toMatch(message);
    expect(thrown.exchange).toBe(exchange);
  });
});

describe('requireField', () => {
  it('returns a non-empty string field and refuses anything else', () => {
    expect(requireField('create base', answered(201, { kbId: 'k1' }), 'kbId')).toBe('k1');
    for (const json of [{}, { kbId: '' }, { kbId: 7 }, []])
      expect(() => requireField('create base', answered(201, json), 'kbId')).toThrow(
        /setup: create base: the answer has no kbId/,
      );
  });
});
