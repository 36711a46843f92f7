import type { Level, Module } from '../../spec/openapi.ts';
import { NO_LEVEL } from './levels.ts';

/** 401 and 403 bodies of the guard: `{auth: false, success: false, code, message}` (+ scope details). */
export interface AuthFailure {
  status: 401 | 403;
  body: {
    auth: false;
    success: false;
    code: string;
    message: string;
    module?: Module;
    required?: Level;
    held?: Level | typeof NO_LEVEL;
  };
}

function failure(status: 401 | 403, code: string, message: string): AuthFailure {
  return { status, body: { auth: false, success: false, code, message } };
}

export const invalidBearerToken = (): AuthFailure => failure(401, 'invalid_bearer_token', 'invalid bearer token');
export const keyRevoked = (): AuthFailure => failure(403, 'key_revoked', 'API key has been revoked');
export const keyExpired = (expiresAt: string): AuthFailure =>
  failure(403, 'key_expired', `API key expired on ${expiresAt}`);
export const routeForbidden = (why: string): AuthFailure => failure(403, 'route_forbidden', why);
export const routeNotInScopeTable = (): AuthFailure =>
  failure(403, 'route_not_in_scope_table', 'route has no scope rule; scoped keys cannot reach it');

export function scopeDenied(module: Module, required: Level, held: Level | undefined): AuthFailure {
  const heldLevel = held ?? NO_LEVEL;
  return {
    status: 403,
    body: {
      auth: false,
      success: false,
      code: 'scope_denied',
      module,
      required,
      held: heldLevel,
      message: `key holds ${heldLevel} on ${module}; this route needs ${required}`,
    },
  };
}
