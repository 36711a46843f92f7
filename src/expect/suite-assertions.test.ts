import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { expectNotPlaintext } from './ciphertext.ts';
import { expectComponentSchema } from './component-schema.ts';
import { ConformanceFailure, ConformanceWarning, HarnessError, SetupError } from './failure.ts';
import { expectFieldsNamed, namesField } from './fields-named.ts';
import { expectPageArithmetic } from './list-page.ts';
import { expectNotEchoed } from './not-echoed.ts';
import { expectProperty, REPLAY_ENV } from './property.ts';
import { expectRejected } from './rejection.ts';

function exchange(status: number, json: unknown): Exchange {
  return answered(status, json, { operationId: 'createPlugin' });
}

let spec: Spec;
beforeAll(async () => {
  spec = await loadSpec();
});

describe('expectRejected', () => {
  it('accepts a 4xx or a false status, warns on a 5xx and fails a success', () => {
    expect(() => expectRejected(exchange(400, {}))).not.toThrow();
    expect(() => expectRejected(exchange(500, {}))).toThrow(ConformanceWarning);
    expect(() => expectRejected(exchange(302, {}))).toThrow(ConformanceFailure);
    expect(() => expectRejected(exchange(200, { status: false }))).not.toThrow();
    expect(() => expectRejected(exchange(200, { status: 'false' }))).not.toThrow();
    expect(() => expectRejected(exchange(200, { status: true }))).toThrow(
      /Received: 200 with status true \/ Documented: a refusal/,
    );
  });
});

describe('expectFieldsNamed', () => {
  it('demands every missing field, named as a word of its own', () => {
    const message = { message: 'required fields: title, name, os; missing: os, name' };
    expect(() => expectFieldsNamed(exchange(404, message), 404, ['os', 'name'])).not.toThrow();
    expect(() => expectFieldsNamed(exchange(404, { message: 'those are missing' }), 404, ['os'])).toThrow(
      /does not name os/,
    );
    expect(() => expectFieldsNamed(exchange(400, message), 404, ['os'])).toThrow(/Received: 400/);
    expect(() => expectFieldsNamed(exchange(404, {}), 404, ['os'])).toThrow(/no message/);
    expect(namesField('func_schema, func_run', 'func_run')).toBe(true);
    expect(namesField('func_runner', 'func_run')).toBe(false);
  });
});

describe('expectNotPlaintext', () => {
  const sent = 'def _run(self, city):\n    return {"city": city}\n';
  it('fails clear text and passes ciphertext or an absent field', () => {
    const e = exchange(200, {});
    expect(() => expectNotPlaintext(e, { func_run: sent }, 'func_run', sent)).toThrow(/in clear text/);
    expect(() => expectNotPlaintext(e, { func_run: `x${sent}` }, 'func_run', sent)).toThrow(/in clear text/);
    expect(() => expectNotPlaintext(e, { func_run: 'a1b2:c3d4:e5f6' }, 'func_run', sent)).not.toThrow();
    expect(() => expectNotPlaintext(e, {}, 'func_run', sent)).not.toThrow();
    expect(() => expectNotPlaintext(e, { func_run: 42 }, 'func_run', sent)).toThrow(/type number/);
  });
});

describe('expectPageArithmetic', () => {
  const expected = { items: 'allPersonas', total: 'totalPersonas', limit: 50, page: 1 };
  /** The judgement of a page answered with `body`, against `expected` changed by `differently`. */
  const judging =
    (body: Record<string, unknown>, differently: Partial<typeof expected> = {}) =>
    () =>
      expectPageArithmetic(exchange(200, body), { ...expected, ...differently });
  it('passes a consistent page', () => {
    const items = Array.from({ length: 50 }, () => ({}));
    expect(judging({ allPersonas: items, totalPersonas: 51, currentPage: 1, totalPages: 2 })).not.toThrow();
    expect(
      judging({ allPersonas: [{}], totalPersonas: 51, currentPage: 2, totalPages: 2 }, { page: 2 }),
    ).not.toThrow();
    expect(judging({ allPersonas: [], totalPersonas: 0, currentPage: 1, totalPages: 0 })).not.toThrow();
    expect(
      judging(
        { plugin: [{}], totalPlugins: '1', currentPage: 1, totalPages: '1' },
        { items: 'plugin', total: 'totalPlugins' },
      ),
    ).not.toThrow();
  });
  it('fails a page of the wrong size, wrong page count or wrong current page', () => {
    const items = Array.from({ length: 51 }, () => ({}));
    expect(judging({ allPersonas: items, totalPersonas: 51, currentPage: 1, totalPages: 1 })).toThrow(
      /totalPages 1 for 51 items/,
    );
    expect(judging({ allPersonas: items, totalPersonas: 51, currentPage: 1, totalPages: 2 })).toThrow(
      /51 items on the page/,
    );
    expect(judging({ allPersonas: [], totalPersonas: 0, currentPage: 0, totalPages: 0 })).toThrow(
      /currentPage 0/,
    );
    expect(judging({ totalPersonas: 0, currentPage: 1, totalPages: 0 })).toThrow(/no allPersonas array/);
  });
});

describe('expectComponentSchema', () => {
  it('validates ret=count bodies against PersonaCountResponse', () => {
    expect(() =>
      expectComponentSchema(spec, exchange(200, { totalPersonas: 3 }), 'PersonaCountResponse'),
    ).not.toThrow();
    expect(() => expectComponentSchema(spec, exchange(200, 3), 'PersonaCountResponse')).not.toThrow();
    expect(() =>
      expectComponentSchema(spec, exchange(200, { allPersonas: [] }), 'PersonaCountResponse'),
    ).toThrow(ConformanceFailure);
  });

  it('names the first five problems, each at its path', () => {
    expect(() => expectComponentSchema(spec, exchange(200, { title: 3, isPublic: 'yes' }), 'Voice')).toThrow(
      expect.objectContaining({
        summary:
          "Received: a body that does not match Voice: (body) must have required property '_id'; (body) must have required property 'gender'; (body) must have required property 'voice_language'; (body) must have required property 'voice_provider'; (body) must have required property 'voice_type'",
      }),
    );
  });
});

describe('expectNotEchoed', () => {
  it('fails a response carrying the created document', () => {
    expect(() =>
      expectNotEchoed(exchange(200, { status: true, message: 'ok' }), 'customPersonaId', 'p1'),
    ).not.toThrow();
    expect(() =>
      expectNotEchoed(
        exchange(200, { status: true, data: { customPersonaId: 'p1' } }),
        'customPersonaId',
        'p1',
      ),
    ).toThrow(/not echoed/);
    expect(() =>
      expectNotEchoed(exchange(200, { status: true, personaData: {} }), 'customPersonaId', 'p1'),
    ).toThrow(/not echoed/);
  });
});

describe('expectProperty', () => {
  it('passes a property that holds', async () => {
    await expect(
      expectProperty(
        fc.asyncProperty(fc.nat(), async (n) => {
          expect(n).toBeGreaterThanOrEqual(0);
        }),
        { numRuns: 10 },
      ),
    ).resolves.toBeUndefined();
  });

  it('turns a counterexample into a verdict with the seed, path and shrunk value', async () => {
    const error = await expectProperty(
      fc.asyncProperty(fc.nat(), async (n) => {
        if (n >= 10) throw new ConformanceFailure(`Received: ${n} / Documented: below 10`, exchange(200, {}));
      }),
      { numRuns: 200 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConformanceFailure);
    const message = (error as Error).message;
    expect(message).toMatch(/^Received: 10 \/ Documented: below 10/);
    expect(message).toContain(`${REPLAY_ENV.seed}=`);
    expect(message).toContain('counterexample: [10]');
    expect(message).toContain('createPlugin — test');
  });

  it('keeps a broken run an error, not a verdict', async () => {
    const error = await expectProperty(
      fc.asyncProperty(fc.nat(), async () => {
        throw new HarnessError('no response');
      }),
      { numRuns: 5 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
  });

  it("keeps a setup step's wrong answer a SetupError with its exchange, for the check to judge", async () => {
    const answer = exchange(400, {});
    const error = await expectProperty(
      fc.asyncProperty(fc.nat(), async () => {
        throw new SetupError('setup: create assistant: Received: 400 / Needed: 200', answer);
      }),
      { numRuns: 5 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    expect((error as SetupError).exchange).toBe(answer);
    expect((error as Error).message).toContain(`${REPLAY_ENV.seed}=`);
  });

  it('replays one case when the seed and path are given in the environment', async () => {
    const seen: number[] = [];
    const property = fc.asyncProperty(fc.nat(), async (n) => {
      seen.push(n);
      if (n >= 10) throw new ConformanceFailure('Received: big', undefined);
    });
    const first = (await expectProperty(property, { numRuns: 200 }).catch((e: unknown) => e)) as Error;
    const seed = /CONFORMANCE_PROPERTY_SEED=(-?\d+)/.exec(first.message)?.[1];
    const path = /CONFORMANCE_PROPERTY_PATH=(\S+)/.exec(first.message)?.[1];
    seen.length = 0;
    process.env[REPLAY_ENV.seed] = seed;
    process.env[REPLAY_ENV.path] = path;
    try {
      await expectProperty(property, { numRuns: 200 }).catch(() => undefined);
    } finally {
      delete process.env[REPLAY_ENV.seed];
      delete process.env[REPLAY_ENV.path];
    }
    expect(seen[0]).toBe(10);
  });
});
