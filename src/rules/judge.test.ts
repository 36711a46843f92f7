import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { InputCase } from '../generate/input-rules.ts';
import type { CheckContext } from '../harness/check.ts';
import type { Exchange } from '../http/exchange.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { SAMPLE_VOICE } from '../testing/sample-voice.ts';
import { judgeBodyCase, judgeQueryCase } from './judge.ts';

/** A list route of its own name (schema.ts caches validators by operation), any 200 body valid. */
const spec = { operation: () => ({ responses: { '200': true } }) } as unknown as Spec;

function answer(items: number): Exchange {
  const json = { status: true, allPersonas: Array.from({ length: items }, (_, i) => ({ id: i })) };
  return answered(200, json, { operationId: 'inputRulesTestList', label: 'list' });
}

const rule = {
  id: 'listPersonas.isPublic.enum-value.public',
  value: 'public',
  stated: undefined,
} as InputCase;

describe('judgeQueryCase', () => {
  it("observes the status alone: how many items a shared list holds is coverage, the run's timing", () => {
    const records = { observed: [] as string[], covered: [] as string[] };
    const context = {
      spec,
      observe: (_: string, value: unknown) => records.observed.push(String(value)),
      cover: (_: string, value: string) => records.covered.push(value),
    } as unknown as CheckContext;
    const route = { itemsField: 'allPersonas', totalField: 'totalPersonas' };
    judgeQueryCase(context, rule, answer(5), route);
    judgeQueryCase(context, rule, answer(2), route);
    expect(new Set(records.observed)).toEqual(new Set([`${rule.id}: 200`]));
    expect(records.covered).toEqual([`${rule.id}: 5 items`, `${rule.id}: 2 items`]);
  });
});

describe('judgeBodyCase', () => {
  it('names what an item of a view does not match, the first five problems, each at its path', async () => {
    const voice = { ...SAMPLE_VOICE, isPublic: 'yes' } as Record<string, unknown>;
    delete voice.title;
    const context = { spec: await loadSpec(), observe: () => undefined } as unknown as CheckContext;
    const bodyRule = {
      id: 'createPersona.voice.enum-value.other',
      operationId: 'createPersona',
      field: 'voice',
      ruleClass: 'enum-value',
      value: 'other',
      absent: false,
      constraint: { types: [] },
      stated: undefined,
    } as unknown as InputCase;
    const exchange = answered(200, { status: true }, { operationId: 'createPersona' });
    const view = { name: 'list voices', exchange, component: 'Voice', items: [voice] };
    await expect(
      judgeBodyCase(context, bodyRule, {
        exchange,
        views: () => Promise.resolve([view]),
        created: () => Promise.resolve(true),
      }),
    ).rejects.toMatchObject({
      summary:
        'Received: after createPersona with voice "other", list voices shows an item that does not match Voice: (item) must have required property \'title\'; /isPublic must be boolean',
    });
  });
});
