import type { Level, Module } from '../../spec/openapi.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { authFault } from './faults.ts';
import { NO_LEVEL } from './levels.ts';

/** 401 and 403 bodies of the guard: `{auth: false, success: false, code, message}` (+ scope details). */
export interface AuthFailure {
  /** 404 only under a planted fault that hides the routes refused to keys. */
  status: 401 | 403 | 404;
  body: {
    auth?: false;
    success?: false;
    code: string;
    message: string;
    /** A module of the interface on the wire (a planted fault may misname it). */
    module?: string;
    required?: string;
    held?: string;
  };
}

function failure(status: AuthFailure['status'], code: string, message: string): AuthFailure {
  return { status, body: { auth: false, success: false, code, message } };
}

export const invalidBearerToken = (): AuthFailure =>
  failure(401, 'invalid_bearer_token', 'invalid bearer token');
export const keyRevoked = (): AuthFailure => failure(403, 'key_revoked', 'API key has been revoked');
/** `expiresAt` undefined only under a planted fault: the message then carries no date. */
export const keyExpired = (expiresAt: string | undefined): AuthFailure =>
  failure(
    403,
    'key_expired',
    expiresAt === undefined ? 'API key expired' : `API key expired on ${expiresAt}`,
  );
export const routeForbidden = (why: string): AuthFailure => failure(403, 'route_forbidden', why);
/** `code` is set only by a planted fault that misspells it. */
export const routeNotInScopeTable = (code = 'route_not_in_scope_table'): AuthFailure =>
  failure(403, code, 'route has no scope rule; scoped keys cannot reach it');
/** What the `auth.forbidden-routes-hidden` fault answers instead of route_forbidden. */
export const routeHidden = (): AuthFailure => failure(404, 'not_found', 'route not found');
/** What the `auth.client-id-handshake` fault answers a key sent without an `X-Client-Id` header. */
export const clientIdRequired = (): AuthFailure =>
  failure(401, 'client_id_required', 'send X-Client-Id from the client registration first');

/** `knowledgeBase` → `knowledge_base`, the spelling a planted fault puts on the wire. */
const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function scopeDenied(
  module: Module,
  required: Level,
  held: Level | undefined,
  faults: FaultSwitch = NO_FAULTS,
): AuthFailure {
  const heldLevel = held ?? NO_LEVEL;
  return {
    status: 403,
    body: {
      auth: false,
      success: false,
      code: authFault(faults, 'auth.scope-denied-generic-code') ? 'forbidden' : 'scope_denied',
      module: authFault(faults, 'auth.scope-denied-module-renamed') ? snakeCase(module) : module,
      required: authFault(faults, 'auth.scope-denied-required-is-held') ? heldLevel : required,
      ...(authFault(faults, 'auth.scope-denied-without-held') ? {} : { held: heldLevel }),
      message: `key holds ${heldLevel} on ${module}; this route needs ${required}`,
    },
  };
}

/** The body without `auth` and `success`, as a planted fault sends it. */
export function withoutFlags(body: AuthFailure['body']): AuthFailure['body'] {
  const { auth: _auth, success: _success, ...rest } = body;
  return rest;
}
