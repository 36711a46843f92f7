import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure, HarnessError } from './failure.ts';
import { expectJsonBody } from './json-body.ts';

function exchange(contentType: string | undefined, text: string | undefined): Exchange {
  let json: unknown;
  try {
    json = text === undefined || text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    operationId: 'getPersona',
    label: 'getPersona — test',
    request: { method: 'POST', url: 'http://127.0.0.1/api/v1/x', headers: {} },
    response:
      text === undefined
        ? undefined
        : {
            status: 400,
            headers: contentType === undefined ? {} : { 'content-type': contentType },
            text,
            json,
          },
    error: text === undefined ? 'ECONNRESET' : undefined,
    durationMs: 1,
  };
}

describe('expectJsonBody', () => {
  it('passes a JSON body declared application/json, with or without parameters', () => {
    expect(() => expectJsonBody(exchange('application/json', '{"status":false}'))).not.toThrow();
    expect(() => expectJsonBody(exchange('Application/JSON; charset=utf-8', '[]'))).not.toThrow();
  });

  it('fails another or a missing media type, naming what was received', () => {
    expect(() => expectJsonBody(exchange('text/plain; charset=utf-8', 'unauthorized user'))).toThrow(
      /Received: Content-Type text\/plain; charset=utf-8 \/ Documented: application\/json/,
    );
    expect(() => expectJsonBody(exchange(undefined, '{}'))).toThrow(/Content-Type absent/);
  });

  it('fails a body that does not parse, even when declared JSON', () => {
    expect(() => expectJsonBody(exchange('application/json', 'not json'))).toThrow(ConformanceFailure);
    expect(() => expectJsonBody(exchange('application/json', ''))).toThrow(/does not parse as JSON/);
  });

  it('treats a missing response as a harness error', () => {
    expect(() => expectJsonBody(exchange(undefined, undefined))).toThrow(HarnessError);
  });
});
