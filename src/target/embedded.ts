import type { OpenPointsName } from '../reference/open-points.ts';
import { createReferenceServer } from '../reference/server.ts';
import { ConfigError } from './config-error.ts';
import { KEYRING_ROLES, type Keyring, type Role } from './keyring-types.ts';

export interface RunningTarget {
  baseUrl: string;
  keyring: Keyring;
  /** True when the suite started the embedded reference itself. */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * The roles the keyring holds no usable key for. A person's keyring may leave roles out (their
 * checks are skipped, as TARGET.md says); the embedded reference issues every role itself, so a
 * role it left out is a broken reference, and a run passing on skipped checks would prove nothing.
 */
export function rolesWithoutKey(keyring: Keyring): Role[] {
  return KEYRING_ROLES.filter((role) => {
    const key = keyring.keys[role];
    return typeof key !== 'string' || key.trim() === '';
  });
}

/** With no base URL the suite checks its own reference implementation, started in-process. */
export async function startEmbeddedTarget(
  options: { faults?: Iterable<string>; openPoints?: OpenPointsName } = {},
): Promise<RunningTarget> {
  const server = await createReferenceServer({
    faults: options.faults ?? [],
    openPoints: options.openPoints,
  });
  const missing = rolesWithoutKey(server.keyring);
  if (missing.length > 0 || server.keyring.accounts?.other?.email === undefined) {
    await server.close();
    const what = missing.length > 0 ? `a key for ${missing.join(', ')}` : "the other account's email";
    throw new ConfigError(
      `the embedded reference implementation started without ${what}: the checks needing it would all be skipped, so the run cannot be carried out`,
    );
  }
  return { baseUrl: server.baseUrl, keyring: server.keyring, embedded: true, close: () => server.close() };
}
