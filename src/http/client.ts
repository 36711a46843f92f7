import { Agent, FormData, request } from 'undici';
import type { Operation, Spec } from '../spec/openapi.ts';
import type { Exchange, MultipartPart, RecordedResponse } from './exchange.ts';
import { makeRedactor, type Redactor } from './redact.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

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
}

// One connection pool per process. The client never retries: a retry would hide failures and
// repeat side effects on the implementation under test.
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

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

/** Calls the implementation by operationId (or raw method and path), recording every exchange. */
export class ApiClient {
  private readonly redact: Redactor;
  /** Keys only: the parsed body keeps share-link tokens, which checks use (a token minted, then tried). */
  private readonly redactKeys: Redactor;

  constructor(private readonly options: ClientOptions) {
    const secrets = [...(options.secrets ?? []), ...(options.apiKey ? [options.apiKey] : [])];
    this.redact = makeRedactor(secrets);
    this.redactKeys = makeRedactor(secrets, { shareTokens: false });
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
      label: operation ? operation.label : `${method} ${path}`,
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
    const started = performance.now();
    try {
      const res = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: agent,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: AbortSignal.timeout(timeout),
      });
      const received = this.redactKeys(await res.body.text());
      const responseHeaders = flatHeaders(res.headers);
      // The text is what reports show (curl lines, excerpts); the JSON is what checks read. Anything
      // a check copies from the JSON into a message is redacted again before any report is written.
      const response: RecordedResponse = {
        status: res.statusCode,
        headers: responseHeaders,
        text: this.redact(received),
        json: parseJson(received),
      };
      exchange.response = response;
    } catch (error) {
      const err = error as Error & { code?: string };
      exchange.error = this.redact(
        err.name === 'TimeoutError' || err.code === 'UND_ERR_HEADERS_TIMEOUT'
          ? `timed out after ${timeout} ms`
          : `${err.code ?? err.name}: ${err.message}`,
      );
    }
    exchange.durationMs = Math.round(performance.now() - started);
    this.options.onExchange?.(exchange);
    return exchange;
  }
}
