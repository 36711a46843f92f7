import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { faultCheck, NO_FAULTS, type FaultSpec, type FaultSwitch } from '../fault-switch.ts';
import { installRoutingFaults } from './routing-faults.ts';

/**
 * Planted faults of the shared HTTP helpers (error bodies, paging, ids, body fields), for the
 * suite's self-test: each breaks the one requirement it names, on every route that uses the helper.
 */
export const HTTP_FAULTS = {
  'http.errors-always-400': {
    requirement: 'ERR-24',
    breaks: 'every refusal a route decides on is sent as 400, whatever its status (Invalid Body is not 404)',
  },
  'http.error-message-as-error': {
    requirement: 'ERR-14',
    breaks:
      'route refusals carry their text in `error` instead of `message` (no `unauthorized user` message)',
  },
  'http.errors-as-text': {
    requirement: 'CONV-05',
    breaks: 'route refusals are sent as text/plain, not JSON',
  },
  'http.page-default-zero': {
    requirement: 'LIM-13',
    breaks: 'without `page` the paginated routes answer page 0 (empty), not page 1',
  },
  'http.total-pages-floor': {
    requirement: 'AS-LIST-02',
    breaks: 'totalPages rounds down, so the last partial page is never announced',
  },
  'http.object-id-base64': {
    requirement: 'IDS-01',
    breaks: 'new `_id` values are base64, not 24 hexadecimal characters',
  },
  'http.presence-as-truthiness': {
    requirement: 'PL-CREATE-02',
    breaks: 'a body field counts as present only when truthy, so `false` and `[]` read as missing',
  },
  'http.version-in-header': {
    requirement: 'VER-01',
    breaks: 'the version is read from an Accept-Version header: without one every route answers 400',
  },
  'http.kb-routes-outside-base': {
    requirement: 'CONV-04',
    breaks: 'the knowledge-base routes are mounted outside the base address: base + /kb... answers 404',
  },
  'http.delete-answers-204': {
    requirement: 'CONV-17',
    breaks:
      'every DELETE that succeeds answers 204 without a body, where the document states no other status',
  },
  'http.post-answers-201': {
    requirement: 'CONV-17',
    breaks: 'every POST that succeeds answers 201, also where the document states no other status',
  },
} as const satisfies Record<string, FaultSpec>;

export type HttpFault = keyof typeof HTTP_FAULTS;

/*
 * The one exception to passing the switch in: these helpers are plain functions called from every
 * route module (`has(body, key)` alone at some twenty sites, `paginate`, `readPaging`,
 * `newObjectId`), so threading `faults` through each call would add noise to every route for a
 * handful of faults. The preHandler hook below puts the server's own switch (the one app.ts
 * builds) into the request's async context, and `httpFault` consults it with the same typed check
 * as every module.
 */
const requestFaults = new AsyncLocalStorage<FaultSwitch>();
const checkHttpFault = faultCheck(HTTP_FAULTS);

/**
 * Runs every route handler (and the error handler it may end in) inside the server's faults.
 * `preHandler` comes after body parsing, whose stream callbacks would lose an earlier context.
 */
export function installFaultContext(app: FastifyInstance, faults: FaultSwitch): void {
  app.addHook('preHandler', (_request, _reply, done) => {
    requestFaults.run(faults, done);
  });
  installRoutingFaults(app, (id) => checkHttpFault(faults, id));
}

/** Whether an HTTP fault is planted in the server handling the current request (never outside one). */
export function httpFault(id: HttpFault): boolean {
  return checkHttpFault(requestFaults.getStore() ?? NO_FAULTS, id);
}
