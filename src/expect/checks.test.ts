import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import {
  expectForbiddenCode,
  expectInvalidBearer,
  expectMessage,
  expectMessagePrefix,
  expectScopeDenied,
} from './error-body.ts';
import { ConformanceFailure, ConformanceWarning, HarnessError } from './failure.ts';
import { expectSchema } from './schema.ts';
import { expectClientError, expectStatus } from './status.ts';
import { SAMPLE_VOICE } from '../testing/sample-voice.ts';

function exchange(status: number | undefined, json: unknown, operationId = 'listVoices'): Exchange {
  const text = json === undefined ? '' : JSON.stringify(json);
  return {
    operationId,
    label: `${operationId} — test`,
    request: {
      method: 'GET',
      url: 'http://127.0.0.1/api/v1/x',
      headers: { authorization: 'Bearer svc_ai_…redacted' },
    },
    response: status === undefined ? undefined : { status, headers: {}, text, json },
    error: status === undefined ? 'ECONNRESET: socket hang up' : undefined,
    durationMs: 1,
  };
}

let spec: Spec;
beforeAll(async () => {
  spec = await loadSpec();
});

describe('status checks', () => {
  it('pass on the documented status and explain a different one', () => {
    expect(() => expectStatus(exchange(200, {}), 200)).not.toThrow();
    expect(() => expectStatus(exchange(200, {}), 400)).toThrow(ConformanceFailure);
    expect(() => expectStatus(exchange(200, {}), 400)).toThrow(
      /Received: 200 \/ Documented: 400[\s\S]*curl -sS -X GET/,
    );
  });

  it('treat a missing response as a harness error, not a verdict', () => {
    expect(() => expectStatus(exchange(undefined, undefined), 200)).toThrow(HarnessError);
  });

  it('accept any 4xx where the document names none, warn on a 5xx, fail a success', () => {
    expect(() => expectClientError(exchange(422, {}))).not.toThrow();
    expect(() => expectClientError(exchange(500, {}))).toThrow(ConformanceWarning);
    expect(() => expectClientError(exchange(500, {}))).toThrow(/Received: 500/);
    expect(() => expectClientError(exchange(200, {}))).toThrow(ConformanceFailure);
  });
});

describe('schema check', () => {
  it('fails a body that is not JSON where JSON is documented', () => {
    const e = exchange(200, undefined);
    expect(() => expectSchema(spec, e)).toThrow(/not JSON/);
  });

  it('fails a voice catalog body with a wrong status type', () => {
    expect(() => expectSchema(spec, exchange(200, { status: 'true', message: 'ok', data: [] }))).toThrow(
      ConformanceFailure,
    );
  });

  it('fails a success status the document does not give the operation, with both statuses', () => {
    expect(() => expectSchema(spec, exchange(201, { status: true, message: 'ok', data: [] }))).toThrow(
      /Received: 201 \/ Documented: 200/,
    );
    expect(() =>
      expectSchema(
        spec,
        exchange(200, { status: 'ok', kbId: 'x', name: 'n', description: '' }, 'createKnowledgeBase'),
      ),
    ).toThrow(/Received: 200 \/ Documented: 201/);
  });

  it('leaves an error status without a schema to the status check', () => {
    expect(() => expectSchema(spec, exchange(500, { anything: true }))).not.toThrow();
  });

  it('names each problem at its path, the first five, a missing property by name', () => {
    const voice = { ...SAMPLE_VOICE, isPublic: 'yes' } as Record<string, unknown>;
    delete voice.title;
    expect(() => expectSchema(spec, exchange(200, { status: true, data: [voice] }))).toThrow(
      expect.objectContaining({
        summary:
          "Received: a body that does not match the documented schema: (body) must have required property 'message' (message); /data/0 must have required property 'title' (title); /data/0/isPublic must be boolean",
      }),
    );
  });

  it('passes a documented voice catalog body', () => {
    expect(() =>
      expectSchema(spec, exchange(200, { status: true, message: 'ok', data: [SAMPLE_VOICE] })),
    ).not.toThrow();
  });
});

describe('error body checks', () => {
  const denied = {
    auth: false,
    success: false,
    code: 'scope_denied',
    module: 'plugins',
    required: 'manage',
    held: 'edit',
    message: 'no',
  };

  it('match the 403 code', () => {
    expect(() => expectForbiddenCode(exchange(403, { code: 'key_revoked' }), 'key_revoked')).not.toThrow();
    expect(() => expectForbiddenCode(exchange(403, { code: 'key_expired' }), 'key_revoked')).toThrow(
      /code "key_expired"/,
    );
  });

  it('check module, required and held of scope_denied', () => {
    expect(() =>
      expectScopeDenied(exchange(403, denied), { module: 'plugins', required: 'manage', held: 'edit' }),
    ).not.toThrow();
    expect(() =>
      expectScopeDenied(exchange(403, { ...denied, held: undefined }), {
        module: 'plugins',
        required: 'manage',
        held: 'edit',
      }),
    ).toThrow(/held absent/);
    expect(() =>
      expectScopeDenied(exchange(403, denied), { module: 'plugins', required: 'edit', held: 'edit' }),
    ).toThrow(/required "manage"/);
  });

  it('match exact messages and prefixes', () => {
    expect(() =>
      expectMessage(exchange(400, { message: 'unauthorized user' }), 400, 'unauthorized user'),
    ).not.toThrow();
    expect(() => expectMessage(exchange(400, { message: 'Unauthorized' }), 400, 'unauthorized user')).toThrow(
      ConformanceFailure,
    );
    expect(() =>
      expectMessagePrefix(
        exchange(404, { message: 'persona already exists with id x' }),
        404,
        'persona already exists with',
      ),
    ).not.toThrow();
    expect(() =>
      expectMessagePrefix(
        exchange(409, { message: 'persona already exists with id x' }),
        404,
        'persona already exists with',
      ),
    ).toThrow(/Received: 409/);
  });

  it('find invalid bearer token in the 401 body', () => {
    expect(() => expectInvalidBearer(exchange(401, { message: 'invalid bearer token' }))).not.toThrow();
    expect(() => expectInvalidBearer(exchange(401, { message: 'nope' }))).toThrow(ConformanceFailure);
  });
});
