import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from './operation-route.ts';

/** The HTTP module's faults of routing (declared in faults.ts, whose check is handed in). */
type RoutingFault =
  | 'http.version-in-header'
  | 'http.kb-routes-outside-base'
  | 'http.post-answers-201'
  | 'http.delete-answers-204';

/**
 * The planted faults of how requests reach the routes (the version, the base address, the success
 * status): hooks added only when one is planted, so an unfaulted server has none of them.
 */
export function installRoutingFaults(app: FastifyInstance, fault: (id: RoutingFault) => boolean): void {
  if (fault('http.version-in-header') || fault('http.kb-routes-outside-base')) {
    app.addHook('preHandler', (request, reply, done) => {
      const misrouted = misroutedAnswer(fault, request);
      if (misrouted) void reply.code(misrouted.status).send(misrouted.body);
      else done();
    });
  }
  if (fault('http.post-answers-201')) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'POST' && reply.statusCode === 200) void reply.code(201);
      done(null, payload);
    });
  }
  if (fault('http.delete-answers-204')) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'DELETE' && reply.statusCode === 200) {
        void reply.code(204);
        done(null, '');
      } else done(null, payload);
    });
  }
}

/** What a planted routing fault answers instead of the route, or undefined to let the route answer. */
function misroutedAnswer(
  fault: (id: RoutingFault) => boolean,
  request: FastifyRequest,
): { status: number; body: Record<string, unknown> } | undefined {
  // The version read from a header, as if the path did not carry it.
  if (fault('http.version-in-header') && request.headers['accept-version'] === undefined)
    return {
      status: 400,
      body: { status: false, code: 'version_required', message: 'send Accept-Version: 1' },
    };
  // The knowledge-base routes mounted beside the base address, not under it.
  const path = (request.routeOptions.url ?? '').slice(API_PREFIX.length);
  if (fault('http.kb-routes-outside-base') && /^\/kb(\/|$)/.test(path))
    return {
      status: 404,
      body: { status: false, code: 'not_found', message: `${request.method} ${request.url} not found` },
    };
  return undefined;
}
