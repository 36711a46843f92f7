import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Drops keys that could reach an object's prototype if a body were ever merged into another object. */
function withoutProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' ? undefined : value;
}

/**
 * Replaces Fastify's JSON parser so that an empty body with `Content-Type: application/json` is
 * "no body" rather than an error: clients commonly send that header on bodiless POSTs (list, get,
 * share). Malformed JSON is still a 400.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text, withoutProtoKeys));
    } catch {
      done(new HttpError(400, 'malformed JSON body', { code: 'malformed_json' }), undefined);
    }
  });
}
