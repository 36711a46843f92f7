import { FormData, Pool, request } from 'undici';
import type { Operation, Spec } from '../spec/openapi.ts';
import type { Exchange, MultipartPart } from './exchange.ts';
import { retryAfterMs, type RequestGate } from './request-gate.ts';
import { isObject } from './json.ts';
import { learnShareToken, makeRedactor, type Redactor } from '../redact/secrets.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

/** A 429's Retry-After is waited out at most this long in all, per request: then the 429 stands. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** The largest response body read by default (--max-body): far above any page this API documents. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

export type QueryValue = string | number | boolean | undefined;

export interface FilePart {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface CallInput {
  /** Path parameters by name; missing ones are an error of the check, not of the implementation. */
  path?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** A JSON body; `undefined` sends no body. */
  body?: unknown;
  /** A multipart body: text fields and file parts. */
  multipart?: Record<string, string | FilePart>;
  /** Extra headers (e.g. `Origin`). `authorization: null` sends no Authorization header. */
  headers?: Record<string, string | null>;
  timeoutMs?: number;
}

export interface ClientOptions {
  baseUrl: string;
  /** The bearer key, or undefined to send no Authorization header. */
  apiKey: string | undefined;
  spec: Spec;
  /** Every secret of the run, so that none is ever recorded. */
  secrets?: readonly string[];
  timeoutMs?: number;
  /** Headers sent with every request; `null` removes one (e.g. `authorization: null`). */
  defaultHeaders?: Record<string, string | null>;
  /** Called with every finished exchange (the recording is already redacted). */
  onExchange?: (exchange: Exchange) => void;
  /** The largest response body read; past it the exchange records an error and the connection is dropped. */
  maxBodyBytes?: number;
  /** Watches each call before it is sent and after its answer (the run's ledger, the read-only guard). */
  observer?: CallObserver;
  /** The worker's cap on requests in flight and per second (--concurrency, --rate-limit). */
  gate?: RequestGate;
}

/** One call as its observer sees it, before it is sent. */
export interface ObservedCall {
  method: string;
  /** The path as sent (parameters filled in), without the base URL or the query. */
  path: string;
  /** Undefined for a request to a path the document does not describe (`raw`). */
  operationId: string | undefined;
  input: CallInput;
  /** The Authorization header as sent (undefined: none). */
  authorization: string | undefined;
}

export interface CallObserver {
  /** Before the request is sent; may throw to stop it. What it returns is handed to `answered`. */
  sending(call: ObservedCall): string | undefined;
  answered(call: ObservedCall, token: string | undefined, exchange: Exchange): void;
}

/** Read past the cap: the exchange records this, and the connection is dropped. */
class BodyTooLarge extends Error {}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The body as text, read chunk by chunk up to `cap` bytes: a huge answer is never held whole, and
 * past the cap the stream is destroyed (the connection dropped, not drained).
 */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  cap: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.destroy();
      throw new BodyTooLarge(`response larger than ${formatBytes(cap)} (the cap; --max-body raises it)`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// One connection pool per origin and thread, for the thread's life. The client never retries: a
// retry would hide failures and repeat side effects on the implementation under test.
//
// Not undici's Agent: when a connection closes after its answer (undici closes it after a DELETE
// that carried a body, as a precaution against servers that leave such a body unread), the Agent
// may close the origin's whole pool, and the late disconnects of that pool then close its
// successor too. A full run opened some 1,500 connections that way instead of about 100.
const pools = new Map<string, Pool>();

function poolFor(url: string): Pool {
  const { origin } = new URL(url);
  let pool = pools.get(origin);
  if (pool === undefined) {
    pool = new Pool(origin, { keepAliveTimeout: 10_000, connections: 64 });
    pools.set(origin, pool);
  }
  return pool;
}

/**
 * After an answer was cut (a timeout, the body cap) its connection must not be reused, and undici
 * keeps it open: the origin's pool is retired (closed once its other requests are answered) and
 * the next request opens a new one.
 */
function retirePool(url: string): void {
  const { origin } = new URL(url);
  const pool = pools.get(origin);
  if (pool === undefined) return;
  pools.delete(origin);
  void pool.close();
}

function fillPath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.operationId}: path parameter "${name}" not given`);
    return encodeURIComponent(value);
  });
}

function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text.length > 0 ? `?${text}` : '';
}

/** The parsed body, or undefined when it is empty or not JSON (the schema check then reports it). */
function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The two redactors of a set of secrets, made once per set: a check makes a client per role, and
 * compiling the same pattern of the same keys again for each took a run some 60 ms.
 */
const redactorsOf = new Map<string, { redact: Redactor; redactKeys: Redactor }>();

function redactorsFor(secrets: readonly string[]): { redact: Redactor; redactKeys: Redactor } {
  const key = secrets.join('\0');
  let made = redactorsOf.get(key);
  if (made === undefined) {
    made = { redact: makeRedactor(secrets), redactKeys: makeRedactor(secrets, { shareTokens: false }) };
    redactorsOf.set(key, made);
  }
  return made;
}

/** Calls the implementation by operationId (or raw method and path), recording every exchange. */
export class ApiClient {
  private readonly redact: Redactor;
  /** Keys only: the parsed body keeps share-link tokens, which checks use (a token minted, then tried). */
  private readonly redactKeys: Redactor;

  constructor(private readonly options: ClientOptions) {
    const secrets = [...(options.secrets ?? []), ...(options.apiKey ? [options.apiKey] : [])];
    ({ redact: this.redact, redactKeys: this.redactKeys } = redactorsFor(secrets));
  }

  /** A client for the same target with another key (or none). */
  withKey(apiKey: string | undefined): ApiClient {
    return new ApiClient({ ...this.options, apiKey });
  }

  operation(operationId: string): Operation {
    return this.options.spec.operation(operationId);
  }

  async call(operationId: string, input: CallInput = {}): Promise<Exchange> {
    const operation = this.options.spec.operation(operationId);
    return this.send(operation.method, fillPath(operation, input.path), input, operation);
  }

  /** A request to a path the spec does not describe (forbidden-route and unscoped-route probes). */
  async raw(method: string, path: string, input: CallInput = {}): Promise<Exchange> {
    return this.send(method.toUpperCase(), path, input, undefined);
  }

  private async send(
    method: string,
    path: string,
    input: CallInput,
    operation: Operation | undefined,
  ): Promise<Exchange> {
    const url = `${this.options.baseUrl}${path}${queryString(input.query)}`;
    const observed = (authorization: string | undefined): ObservedCall => ({
      method,
      path,
      operationId: operation?.operationId,
      input,
      authorization,
    });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey !== undefined) headers.authorization = `Bearer ${this.options.apiKey}`;
    for (const [name, value] of Object.entries({ ...this.options.defaultHeaders, ...input.headers })) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    let body: string | FormData | undefined;
    let jsonBody: string | undefined;
    let multipart: MultipartPart[] | undefined;
    if (input.multipart) {
      const form = new FormData();
      multipart = [];
      for (const [name, part] of Object.entries(input.multipart)) {
        if (typeof part === 'string') {
          form.append(name, part);
          multipart.push({ name, value: part });
        } else {
          form.append(name, new Blob([part.content], { type: part.contentType }), part.filename);
          multipart.push({
            name,
            filename: part.filename,
            contentType: part.contentType,
            size: part.content.length,
          });
        }
      }
      body = form;
    } else if (input.body !== undefined) {
      jsonBody = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
      body = jsonBody;
      headers['content-type'] ??= 'application/json';
    }
    const recordedHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, this.redact(value)]),
    );
    const exchange: Exchange = {
      operationId: operation?.operationId,
      label: operation ? operation.label : this.redact(`${method} ${path}`),
      request: {
        method,
        url: this.redact(url),
        headers: recordedHeaders,
        ...(jsonBody !== undefined ? { jsonBody: this.redact(jsonBody) } : {}),
        ...(multipart ? { multipart } : {}),
      },
      response: undefined,
      error: undefined,
      durationMs: 0,
    };
    const timeout = input.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const call = observed(headers.authorization);
    const token = this.options.observer?.sending(call);
    const started = performance.now();
    let waitedMs = 0;
    for (;;) {
      const gate = this.options.gate;
      const answer = await (gate
        ? gate.pass(() => this.attempt(url, method, headers, body, timeout, operation))
        : this.attempt(url, method, headers, body, timeout, operation));
      exchange.response = answer.response;
      exchange.error = answer.error;
      // The one request sent again: a 429 whose Retry-After says when, waited out visibly and
      // within a bound. Nothing else is ever retried: a retry would hide a failure.
      const delay =
        answer.response?.status === 429 ? retryAfterMs(answer.response.headers['retry-after']) : undefined;
      if (delay === undefined || waitedMs + delay > MAX_RATE_LIMIT_WAIT_MS) break;
      console.warn(
        `conformance: 429 from ${exchange.label}: waiting ${Math.ceil(delay / 1000)} s as its Retry-After asks, then sending it again`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      waitedMs += delay;
      exchange.rateLimitWaits = (exchange.rateLimitWaits ?? 0) + 1;
    }
    exchange.durationMs = Math.round(performance.now() - started);
    this.options.observer?.answered(call, token, exchange);
    this.options.onExchange?.(exchange);
    return exchange;
  }

  /** One request and its answer (or why none came), read within the cap and the timeout. */
  private async attempt(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | FormData | undefined,
    timeout: number,
    operation: Operation | undefined,
  ): Promise<Pick<Exchange, 'response' | 'error'>> {
    // One bound for the whole exchange, the body's last byte included: undici's own timeouts are
    // per phase and per chunk, so a body dripping a byte a second would never end on them alone.
    const deadline = AbortSignal.timeout(timeout);
    try {
      const res = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: poolFor(url),
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: deadline,
      });
      const received = this.redactKeys(
        await readCapped(res.body, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
      );
      const json = parseJson(received);
      // A minted share token is a secret whatever its shape: learnt before anything is recorded.
      const token = operation?.operationId === 'sharePersona' && isObject(json) ? json.data : undefined;
      if (typeof token === 'string') learnShareToken(token);
      // The text is what reports show (curl lines, excerpts); the JSON is what checks read. Anything
      // a check copies from the JSON into a message is redacted again before any report is written.
      return {
        response: {
          status: res.statusCode,
          headers: flatHeaders(res.headers),
          text: this.redact(received),
          json,
        },
        error: undefined,
      };
    } catch (error) {
      retirePool(url);
      const err = error as Error & { code?: string };
      return {
        response: undefined,
        error: this.redact(
          error instanceof BodyTooLarge
            ? error.message
            : deadline.aborted ||
                err.name === 'TimeoutError' ||
                (err.code?.startsWith('UND_ERR_') === true && /TIMEOUT/.test(err.code))
              ? `timed out after ${timeout} ms`
              : `${err.code ?? err.name}: ${err.message}`,
        ),
      };
    }
  }
}
