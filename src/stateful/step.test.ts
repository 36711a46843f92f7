import { describe, expect, it } from 'vitest';
import { ConformanceFailure, HarnessError, SetupError } from '../expect/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import { failedStep, numberedSteps } from './step.ts';
import type { World } from './world.ts';

function exchange(status?: number): Exchange {
  return {
    label: 'queryKnowledgeBase — POST /kb/{kbId}/query',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/api/v1/kb/k1/query',
      headers: { authorization: 'Bearer svc_ai_…redacted' },
      jsonBody: '{"query":"otters"}',
    },
    ...(status === undefined
      ? { error: 'ECONNRESET' }
      : { response: { status, headers: {}, text: '{"results":[]}', json: { results: [] } } }),
  } as unknown as Exchange;
}

function world(last?: Exchange, replayArea = 'stateful'): World {
  return {
    steps: ['create base', 'ingest short text into base#0 (mode vector): doc#0', 'delete doc#0 of base#0'],
    last,
    runSeed: 42,
    replayArea,
  } as unknown as World;
}

describe('a failed step', () => {
  it('numbers the steps and marks the last', () => {
    expect(numberedSteps(['a', 'b'])).toBe('    1. a\n    2. b   ← failed here');
  });

  it('turns an assertion into a verdict carrying the last exchange, its curl line and the seed', () => {
    const assertion = Object.assign(
      new Error('results from deleted doc #0: expected [ 1 ] to deeply equal []'),
      {
        name: 'AssertionError',
      },
    );
    const error = failedStep(world(exchange(200)), assertion);
    expect(error).toBeInstanceOf(ConformanceFailure);
    const failure = error as ConformanceFailure;
    expect(failure.summary).toContain('failed at step 3:\n    1. create base\n');
    expect(failure.summary).toContain('3. delete doc#0 of base#0   ← failed here');
    expect(failure.summary).toContain('results from deleted doc #0');
    expect(failure.summary).toContain('conformance run --only stateful --seed 42');
    expect(failure.message).toContain("curl -sS -X POST 'http://127.0.0.1:1/api/v1/kb/k1/query'");
  });

  it('names the area whose run replays the sequence', () => {
    const error = failedStep(
      world(exchange(200), 'knowledge-bases'),
      new ConformanceFailure('Received: 400', exchange(400)),
    );
    expect(error.message).toContain('conformance run --only knowledge-bases --seed 42');
  });

  it("keeps a verdict's own exchange", () => {
    const own = exchange(400);
    const error = failedStep(world(exchange(200)), new ConformanceFailure('Received: 400', own));
    expect((error as ConformanceFailure).exchange).toBe(own);
  });

  it('a setup step that got an answer is a verdict; one that got none, or a harness error, is not', () => {
    expect(failedStep(world(), new SetupError('create failed', exchange(500)))).toBeInstanceOf(
      ConformanceFailure,
    );
    expect(failedStep(world(), new SetupError('create failed', exchange()))).toBeInstanceOf(HarnessError);
    expect(failedStep(world(), new HarnessError('timeout'))).toBeInstanceOf(HarnessError);
  });

  it("a plain error (the model's own) is no verdict on the implementation", () => {
    const error = failedStep(world(exchange(200)), new Error('model: no assistant #3'));
    expect(error).toBeInstanceOf(HarnessError);
    expect(error.message).toContain('model: no assistant #3');
  });
});
