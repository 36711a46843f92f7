import { readFileSync } from 'node:fs';
import { MIN_SECRET_LENGTH } from '../http/redact.ts';
import { ConfigError } from './config-error.ts';
import { KEYRING_ROLES, type Keyring, type Role, type RouteProbe } from './keyring-types.ts';

const ROLE_SET: ReadonlySet<string> = new Set(KEYRING_ROLES);
const PROBE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses a key too short to be hidden from reports (see MIN_SECRET_LENGTH); `where` names it
 * (the role, the flag), never the key itself.
 */
export function assertRedactableKey(key: string, where: string): void {
  if (key.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${where} is shorter than ${MIN_SECRET_LENGTH} characters: a key that short cannot be kept out of reports reliably, so the suite refuses it`,
    );
  }
}

function parseProbes(file: string, field: string, value: unknown): RouteProbe[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new ConfigError(`keyring ${file}: "${field}" must be an array of {method, path}`);
  return value.map((entry, index) => {
    if (!isRecord(entry) || typeof entry.method !== 'string' || typeof entry.path !== 'string') {
      throw new ConfigError(`keyring ${file}: ${field}[${index}] must be {method: string, path: string}`);
    }
    const method = entry.method.toUpperCase();
    if (!PROBE_METHODS.has(method)) {
      throw new ConfigError(
        `keyring ${file}: ${field}[${index}].method "${entry.method}" is not an HTTP method`,
      );
    }
    if (!entry.path.startsWith('/')) {
      throw new ConfigError(`keyring ${file}: ${field}[${index}].path must start with "/"`);
    }
    return { method, path: entry.path };
  });
}

/** Validates a parsed keyring; `file` only names the source in error messages. */
export function parseKeyring(file: string, data: unknown): Keyring {
  if (!isRecord(data)) throw new ConfigError(`keyring ${file}: the top level must be a JSON object`);
  const keysValue = data.keys ?? {};
  if (!isRecord(keysValue)) throw new ConfigError(`keyring ${file}: "keys" must be an object of role → key`);
  const keys: Partial<Record<Role, string>> = {};
  for (const [role, key] of Object.entries(keysValue)) {
    if (!ROLE_SET.has(role)) {
      throw new ConfigError(
        `keyring ${file}: unknown role "${role}" (known roles: ${KEYRING_ROLES.join(', ')})`,
      );
    }
    if (typeof key !== 'string' || key.length === 0) {
      throw new ConfigError(`keyring ${file}: the key of role "${role}" must be a non-empty string`);
    }
    assertRedactableKey(key, `keyring ${file}: the key of role "${role}"`);
    keys[role as Role] = key;
  }
  const keyring: Keyring = { keys };
  if (data.accounts !== undefined) {
    if (!isRecord(data.accounts)) throw new ConfigError(`keyring ${file}: "accounts" must be an object`);
    const other = data.accounts.other;
    if (other !== undefined) {
      if (!isRecord(other) || typeof other.email !== 'string' || !other.email.includes('@')) {
        throw new ConfigError(`keyring ${file}: accounts.other.email must be an email address`);
      }
      keyring.accounts = { other: { email: other.email } };
    }
  }
  const forbiddenRoutes = parseProbes(file, 'forbiddenRoutes', data.forbiddenRoutes);
  if (forbiddenRoutes) keyring.forbiddenRoutes = forbiddenRoutes;
  const unscopedRoutes = parseProbes(file, 'unscopedRoutes', data.unscopedRoutes);
  if (unscopedRoutes) keyring.unscopedRoutes = unscopedRoutes;
  return keyring;
}

export function readKeyringFile(file: string): Keyring {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`keyring ${file}: cannot be read (${code ?? 'unknown error'})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`keyring ${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseKeyring(file, data);
}

/** Every secret in the keyring, for redaction. */
export function keyringSecrets(keyring: Keyring): string[] {
  return Object.values(keyring.keys).filter(
    (key): key is string => typeof key === 'string' && key.length > 0,
  );
}
