import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openPoints } from '../open-points.ts';
import { httpFault } from './faults.ts';

/**
 * A refusal a route decides on. The error handler turns it into `{status: false, message, ...extra}`
 * with `statusCode`, the body shape the assistant and plugin routes use for their failures.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The Errors table states this refusal's status; the alternative personality keeps it (see {@link statedStatus}). */
  statusStated = false;
  /** The document states this refusal's message; the alternative personality keeps it in `message`. */
  messageStated = false;
}

/** Marks a refusal whose status the Errors table states: no personality may change it. */
export function statedStatus(error: HttpError): HttpError {
  error.statusStated = true;
  return error;
}

/** Marks a refusal whose message the document states: no personality may move it out of `message`. */
export function statedMessage(error: HttpError): HttpError {
  error.messageStated = true;
  return error;
}

/**
 * The personality's status and body of a refusal. Where the document states neither, the
 * alternative answers an unstated 400 with 422 and nests the text (`error: {code, detail}`, no
 * `message`): a check must not lean on either.
 */
function personalityOf(error: HttpError): { status: number; text: Record<string, unknown> } {
  const points = openPoints();
  const status =
    error.statusCode === 400 && !error.statusStated ? points.unstatedBadRequest : error.statusCode;
  if (points.unstatedErrorBody === 'nested-error' && !error.messageStated)
    return { status, text: { error: { code: 'request_refused', detail: error.message } } };
  return { status, text: { message: error.message } };
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);

/** Framework failures (body parsing, size, media type, URL) mapped to a 4xx and a stable code. */
const FRAMEWORK_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: 'bad_url' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad_request' },
};

function frameworkBody(error: FastifyError): { status: number; body: Record<string, unknown> } {
  const mapped = FRAMEWORK_CODES[error.code];
  if (mapped)
    return { status: mapped.status, body: { status: false, code: mapped.code, message: error.message } };
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { status: false, code: 'bad_request', message: error.message } };
  }
  // Anything else is a bug of the reference; the client gets no stack trace, only the fact.
  return { status: 500, body: { status: false, code: 'internal_error', message: 'internal error' } };
}

function sendError(error: unknown, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) {
    const personality = personalityOf(error);
    const status = httpFault('http.errors-always-400') ? 400 : personality.status;
    if (httpFault('http.errors-as-text'))
      return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
    const text = httpFault('http.error-message-as-error') ? { error: error.message } : personality.text;
    return reply.code(status).send({ status: false, ...text, ...error.extra });
  }
  const { status, body } = frameworkBody(error as FastifyError);
  return reply.code(status).send(body);
}

/** Every failure leaves as JSON with a 4xx (or, for a reference bug, a bare 500): never a stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => sendError(error, reply));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({
      status: false,
      code: 'not_found',
      message: `no route ${request.method} ${request.url.split('?')[0] ?? ''}`,
    }),
  );
}

/** For Fastify's `frameworkErrors` option: failures raised before routing (bad URL encoding). */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, reply);
}
