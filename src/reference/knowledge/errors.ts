import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { openPoints } from '../open-points.ts';

/**
 * The document leaves the status and body of knowledge-base failures open; the reference answers
 * every one with `{status: "error", code, message}` so a client can branch on a stable `code`.
 */
interface KbErrorBody {
  status: 'error';
  code: string;
  message: string;
}

export class KbError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'KbError';
  }
}

export const notFound = {
  base: (kbId: string) => new KbError(404, 'kb_not_found', `knowledge base ${kbId} not found`),
  document: (docId: string) =>
    new KbError(404, 'document_not_found', `document ${docId} not found in this knowledge base`),
  persona: (personaId: string) => new KbError(404, 'persona_not_found', `assistant ${personaId} not found`),
  attachment: (kbId: string, personaId: string) =>
    new KbError(
      404,
      'attachment_not_found',
      `knowledge base ${kbId} is not attached to assistant ${personaId}`,
    ),
};

export function badRequest(message: string, code = 'invalid_body'): KbError {
  return new KbError(400, code, message);
}

function sendError(reply: FastifyReply, error: KbError): FastifyReply {
  if (openPoints().kbErrors === 'plain-400') return sendAlternative(reply, error);
  const body: KbErrorBody = { status: 'error', code: error.code, message: error.message };
  return reply.code(error.statusCode).send(body);
}

/**
 * The alternative personality's failures: an unknown id is a 400 and an invalid body a 422 (the
 * fourth base stays the document's 400), and the body is `{status: false, error, detail}`.
 */
function sendAlternative(reply: FastifyReply, error: KbError): FastifyReply {
  const status =
    error.statusCode === 404
      ? 400
      : error.statusCode === 400 && error.code !== 'attachment_limit'
        ? 422
        : error.statusCode;
  return reply.code(status).send({ status: false, error: error.code, detail: error.message });
}

/** Fastify's own error codes for client mistakes, mapped to this module's codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_PARTS_LIMIT: 'too_many_parts',
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_PROTO_VIOLATION: 'invalid_multipart',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

/**
 * Failures of this module's own making, and Fastify's verdicts on a malformed request, leave as a
 * JSON 4xx in this module's shape. Anything else (an auth guard's 401/403 thrown from a hook of the
 * parent, a bug) is re-thrown, which hands it to the parent's error handler untouched.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | KbError, _request, reply) => {
    if (error instanceof KbError) return sendError(reply, error);
    if (error.validation) {
      return sendError(reply, badRequest(`${error.validationContext ?? 'body'} ${validationText(error)}`));
    }
    const status = error.statusCode ?? 500;
    const fastifyCode = typeof error.code === 'string' && error.code.startsWith('FST_');
    if (fastifyCode && status >= 400 && status < 500) {
      return sendError(reply, new KbError(status, FASTIFY_CODES[error.code] ?? 'bad_request', error.message));
    }
    throw error;
  });
}

function validationText(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'is invalid';
  const where = first.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : '';
  return where ? `${where} ${first.message ?? 'is invalid'}` : (first.message ?? 'is invalid');
}
