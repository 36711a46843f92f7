import { resolve } from 'node:path';
import { makeRedactor } from '../redact/secrets.ts';
import { ConfigError } from './config-error.ts';
import type { Keyring } from './keyring-types.ts';
import { assertRedactableKey, readKeyringFile } from './keyring.ts';

/** What TARGET.md lets a person choose, after flags have overridden the environment. */
export interface TargetOptions {
  baseUrl?: string;
  keyringFile?: string;
  apiKey?: string;
  fixtureHost: string;
  reportDir: string;
}

export interface ResolvedTarget {
  /** Undefined: start the embedded reference implementation. */
  baseUrl: string | undefined;
  keyring: Keyring;
  fixtureHost: string;
  reportDir: string;
}

export const TARGET_ENV = {
  baseUrl: 'CONFORMANCE_BASE_URL',
  keyringFile: 'CONFORMANCE_KEYRING',
  apiKey: 'CONFORMANCE_API_KEY',
  fixtureHost: 'CONFORMANCE_FIXTURE_HOST',
  reportDir: 'CONFORMANCE_REPORT_DIR',
} as const;

export type TargetFlags = Partial<Record<keyof typeof TARGET_ENV, string>>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Flags override the environment; unset values take TARGET.md's defaults. */
export function targetOptions(flags: TargetFlags, env: NodeJS.ProcessEnv): TargetOptions {
  const pick = (name: keyof typeof TARGET_ENV) => nonEmpty(flags[name]) ?? nonEmpty(env[TARGET_ENV[name]]);
  const options: TargetOptions = {
    fixtureHost: pick('fixtureHost') ?? '127.0.0.1',
    reportDir: resolve(pick('reportDir') ?? 'reports'),
  };
  const baseUrl = pick('baseUrl');
  const keyringFile = pick('keyringFile');
  const apiKey = pick('apiKey');
  if (baseUrl !== undefined) options.baseUrl = baseUrl;
  if (keyringFile !== undefined) options.keyringFile = keyringFile;
  if (apiKey !== undefined) options.apiKey = apiKey;
  return options;
}

/**
 * A base URL as an error message shows it: credentials (`https://user:token@host`) and a query
 * hidden, and anything shaped like a key or a share token too (a key pasted after --base-url).
 */
function shownUrl(baseUrl: string): string {
  let shown = baseUrl;
  try {
    const url = new URL(baseUrl);
    const credentials = url.username !== '' || url.password !== '';
    if (credentials || url.search !== '' || url.hash !== '') {
      shown = `${url.protocol}//${credentials ? '…@' : ''}${url.host}${url.pathname}${url.search ? '?…' : ''}${url.hash ? '#…' : ''}`;
    }
  } catch {
    // Not a URL: shown as typed, less anything shaped like a secret.
  }
  return makeRedactor([])(shown);
}

export function validateBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`base URL "${shownUrl(baseUrl)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`base URL "${shownUrl(baseUrl)}" must use http or https`);
  }
  // The base URL is printed and written into every report, so it must hold nothing secret; and
  // the suite authenticates with the keyring's keys only.
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(
      `base URL "${shownUrl(baseUrl)}" must not carry credentials (user:password@): the suite authenticates with keys, and prints the base URL in its reports`,
    );
  }
  const normalised = baseUrl.replace(/\/+$/, '');
  if (!normalised.endsWith('/api/v1')) {
    throw new ConfigError(`base URL "${shownUrl(baseUrl)}" must end in /api/v1 (the versioned base address)`);
  }
  return normalised;
}

/**
 * Applies TARGET.md: with a base URL, the keyring file if given, else the single API key as `full`.
 * Without a base URL the embedded reference supplies its own keyring later.
 */
export function resolveTarget(options: TargetOptions): ResolvedTarget {
  const common = { fixtureHost: options.fixtureHost, reportDir: options.reportDir };
  if (options.baseUrl === undefined) {
    return { ...common, baseUrl: undefined, keyring: { keys: {} } };
  }
  const baseUrl = validateBaseUrl(options.baseUrl);
  if (options.apiKey !== undefined)
    assertRedactableKey(options.apiKey, `the API key (--api-key or ${TARGET_ENV.apiKey})`);
  let keyring: Keyring;
  if (options.keyringFile !== undefined) {
    keyring = readKeyringFile(options.keyringFile);
    // A single key given alongside a keyring fills the `full` role only if the keyring lacks it.
    if (options.apiKey !== undefined && keyring.keys.full === undefined) keyring.keys.full = options.apiKey;
  } else if (options.apiKey !== undefined) {
    keyring = { keys: { full: options.apiKey } };
  } else {
    throw new ConfigError(
      `no key for ${baseUrl}: set ${TARGET_ENV.keyringFile} (or --keyring) or ${TARGET_ENV.apiKey} (or --api-key)`,
    );
  }
  return { ...common, baseUrl, keyring };
}
