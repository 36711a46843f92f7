import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectShareToken, shapeOf } from './share-token.ts';
import { thrownBy } from '../testing/thrown.ts';

function answer(data: unknown): Exchange {
  return {
    label: 'sharePersona — test',
    operationId: 'sharePersona',
    request: { method: 'POST', url: 'http://127.0.0.1/api/v1/x', headers: {} },
    response: { status: 200, headers: {}, json: { status: true, message: 'ok', data }, text: '' },
  } as unknown as Exchange;
}

describe('share tokens', () => {
  it('returns a token beginning con_sh_', () => {
    expect(expectShareToken(answer('con_sh_abc123'))).toBe('con_sh_abc123');
  });

  it.each([
    ['a string without the prefix', 'sh_secretvalue123', 'a string'],
    ['an object holding it', { token: 'sh_secretvalue123' }, 'an object {token}'],
    ['an array', ['sh_secretvalue123'], 'an array of 1'],
    ['null', null, 'null'],
  ])('refuses %s, naming its shape and never its content', (_name, data, shape) => {
    const error = thrownBy(ConformanceFailure, () => expectShareToken(answer(data)));
    expect(error.summary).toBe(`Received: data ${shape} / Documented: a token beginning con_sh_`);
    expect(shapeOf(data)).not.toContain('secretvalue');
  });
});
