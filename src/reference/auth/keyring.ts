import { MODULES, type Level, type Module } from '../../spec/openapi.ts';
import type { Keyring, Role } from '../../target/keyring-types.ts';
import { ACCOUNT_A, ACCOUNT_B } from '../accounts.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { newToken } from '../http/ids.ts';
import { authFault } from './faults.ts';
import { API_KEY_PREFIX } from './key-prefix.ts';
import type { ApiKey } from './keys.ts';
import type { ScopeMap } from './levels.ts';
import { FORBIDDEN_ROUTES, UNSCOPED_ROUTES, asProbes } from './probe-routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Manage on every module of the interface. */
export function fullAccess(): ScopeMap {
  const map: ScopeMap = {};
  for (const module of MODULES) map[module] = 'manage';
  return map;
}

type KeyShape = Omit<ApiKey, 'id' | 'secret'>;

/** What each role of TARGET.md holds, in the reference's terms. */
function shapeOf(role: Role, now: Date, faults: FaultSwitch): KeyShape {
  const a = ACCOUNT_A.id;
  switch (role) {
    case 'full':
      return { accountId: a, scopes: fullAccess() };
    case 'preset:assistants-knowledge': {
      const scopes: ScopeMap = { assistants: 'manage', knowledgeBase: 'manage', voices: 'view' };
      if (authFault(faults, 'auth.preset-without-voices')) delete scopes.voices;
      return { accountId: a, scopes };
    }
    case 'legacy':
      return { accountId: a, legacy: true };
    case 'revoked':
      return { accountId: a, scopes: fullAccess(), revoked: true };
    case 'expired':
      return {
        accountId: a,
        scopes: fullAccess(),
        expiresAt: new Date(now.getTime() - DAY_MS).toISOString(),
      };
    case 'other':
      return { accountId: ACCOUNT_B.id, scopes: fullAccess() };
    default: {
      const [module, level] = role.split(':') as [Module, Level];
      return { accountId: a, scopes: { [module]: level } };
    }
  }
}

export interface SeededKeys {
  keys: ApiKey[];
  keyring: Keyring;
}

/**
 * A fresh key under `prefix`. Under `auth.keys-without-prefix` (prefix `svc_`) the random part is
 * drawn again until it does not spell out `ai_`: one key in 262,144 would otherwise carry the real
 * prefix, and a check of the keyring would pass by chance.
 */
export function keySecret(prefix: string, draw: (prefix: string) => string = newToken): string {
  for (;;) {
    const secret = draw(prefix);
    if (prefix === API_KEY_PREFIX || !secret.startsWith(API_KEY_PREFIX)) return secret;
  }
}

/** Fresh random keys for every role, and the keyring file (TARGET.md format) that names them. */
export function seedKeys(
  roles: readonly Role[],
  now: Date = new Date(),
  faults: FaultSwitch = NO_FAULTS,
): SeededKeys {
  const prefix = authFault(faults, 'auth.keys-without-prefix') ? 'svc_' : API_KEY_PREFIX;
  const keys: ApiKey[] = [];
  const byRole: Keyring['keys'] = {};
  for (const role of roles) {
    const secret = keySecret(prefix);
    keys.push({ id: `key_${role}`, secret, ...shapeOf(role, now, faults) });
    byRole[role] = secret;
  }
  return {
    keys,
    keyring: {
      keys: byRole,
      accounts: { other: { email: ACCOUNT_B.ownerEmail } },
      forbiddenRoutes: asProbes(FORBIDDEN_ROUTES),
      unscopedRoutes: asProbes(UNSCOPED_ROUTES),
    },
  };
}
