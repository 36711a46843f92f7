import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseCommand } from '../cli/command-line.ts';
import { TARGET_OPTIONS, targetFlags } from '../cli/target-options.ts';
import { resolveTarget, targetOptions, validateBaseUrl } from './config.ts';
import { ConfigError } from './config-error.ts';
import { parseKeyring, readKeyringFile } from './keyring.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';

const { dir, file } = scratchFolder('conformance-config-');

describe('targetOptions', () => {
  it('takes TARGET.md defaults when nothing is set', () => {
    const options = targetOptions({}, {});
    expect(options.baseUrl).toBeUndefined();
    expect(options.fixtureHost).toBe('127.0.0.1');
    expect(options.reportDir.endsWith('reports')).toBe(true);
  });

  it('reads the environment and lets flags override it', () => {
    const env = {
      CONFORMANCE_BASE_URL: 'http://env.example/api/v1',
      CONFORMANCE_API_KEY: 'svc_ai_env',
      CONFORMANCE_FIXTURE_HOST: '10.0.0.5',
      CONFORMANCE_REPORT_DIR: 'env-reports',
    };
    const fromEnv = targetOptions({}, env);
    expect(fromEnv).toMatchObject({
      baseUrl: 'http://env.example/api/v1',
      apiKey: 'svc_ai_env',
      fixtureHost: '10.0.0.5',
    });
    const overridden = targetOptions(
      { baseUrl: 'http://flag.example/api/v1', fixtureHost: 'host.internal' },
      env,
    );
    expect(overridden.baseUrl).toBe('http://flag.example/api/v1');
    expect(overridden.fixtureHost).toBe('host.internal');
    expect(overridden.apiKey).toBe('svc_ai_env');
  });
});

describe('resolveTarget', () => {
  it('without a base URL selects the embedded reference', () => {
    expect(resolveTarget(targetOptions({}, {})).baseUrl).toBeUndefined();
  });

  it('uses the single API key as the full role when no keyring is given', () => {
    const target = resolveTarget(
      targetOptions({ baseUrl: 'http://x.example/api/v1/', apiKey: 'svc_ai_one' }, {}),
    );
    expect(target.baseUrl).toBe('http://x.example/api/v1');
    expect(target.keyring.keys).toEqual({ full: 'svc_ai_one' });
  });

  it('reads the keyring file when given', () => {
    const path = file(
      'ok.json',
      JSON.stringify({
        keys: { full: 'svc_ai_a', other: 'svc_ai_b' },
        accounts: { other: { email: 'b@example.com' } },
      }),
    );
    const target = resolveTarget(
      targetOptions({ baseUrl: 'http://x.example/api/v1', keyringFile: path }, {}),
    );
    expect(target.keyring.keys.other).toBe('svc_ai_b');
    expect(target.keyring.accounts?.other?.email).toBe('b@example.com');
  });

  it('refuses a base URL with no key at all, naming the variables', () => {
    expect(() => resolveTarget(targetOptions({ baseUrl: 'http://x.example/api/v1' }, {}))).toThrow(
      /CONFORMANCE_API_KEY/,
    );
  });
});

describe('validateBaseUrl', () => {
  it.each([
    ['not a url', /not a valid URL/],
    ['ftp://x.example/api/v1', /http or https/],
    ['http://x.example/api/v2', /must end in \/api\/v1/],
  ])('refuses %s', (url, message) => {
    expect(() => validateBaseUrl(url)).toThrow(ConfigError);
    expect(() => validateBaseUrl(url)).toThrow(message);
  });

  // The base URL is printed and written into every report: a secret in it would be too.
  it.each([
    [
      'http://user:s3cretPassw0rd@x.example/api/v1',
      'base URL "http://…@x.example/api/v1" must not carry credentials',
    ],
    [
      'http://x.example/api/v1?token=s3cretPassw0rd',
      'base URL "http://x.example/api/v1?…" must end in /api/v1',
    ],
    ['svc_ai_s3cretPassw0rd', 'base URL "svc_ai_…redacted" is not a valid URL'],
  ])('refuses %s without showing the secret in it', (url, message) => {
    let thrown = '';
    try {
      validateBaseUrl(url);
    } catch (error) {
      thrown = (error as Error).message;
    }
    expect(thrown.startsWith(message), thrown).toBe(true);
    expect(thrown).not.toContain('s3cret');
  });
});

describe('a key on the command line', () => {
  const COMMAND = { name: 'probe', summary: '', synopsis: '', options: TARGET_OPTIONS, examples: [] };
  const WARNING =
    'conformance: warning: --api-key puts the key in the process list and shell history, where other users of this machine can read it; set CONFORMANCE_API_KEY instead (or a keyring file)';
  const key = 'svc_ai_on_the_command_line_0042';

  it('--api-key is warned about once, without the key', () => {
    const warnings: string[] = [];
    const flags = targetFlags(parseCommand(COMMAND, ['--api-key', key]), (line) => warnings.push(line));
    expect(flags.apiKey).toBe(key);
    expect(warnings).toEqual([WARNING]);
  });

  it('the warning goes to stderr unless told otherwise', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      targetFlags(parseCommand(COMMAND, [`--api-key=${key}`]));
      expect(write.mock.calls.map(([chunk]) => String(chunk))).toEqual([`${WARNING}\n`]);
    } finally {
      write.mockRestore();
    }
  });

  it('a key from CONFORMANCE_API_KEY, or none, is not warned about', () => {
    const warnings: string[] = [];
    const flags = targetFlags(parseCommand(COMMAND, []), (line) => warnings.push(line));
    expect(targetOptions(flags, { CONFORMANCE_API_KEY: key }).apiKey).toBe(key);
    targetFlags(parseCommand(COMMAND, ['--api-key', ' ']), (line) => warnings.push(line));
    expect(warnings).toEqual([]);
  });

  it("the option's help recommends the environment", () => {
    expect(TARGET_OPTIONS['api-key']?.help).toMatch(/better set in the environment/);
    expect(TARGET_OPTIONS['api-key']?.env).toBe('CONFORMANCE_API_KEY');
  });
});

describe('keyring validation', () => {
  it('names the file when it is not JSON', () => {
    const path = file('bad.json', '{ keys: ');
    expect(() => readKeyringFile(path)).toThrow(ConfigError);
    expect(() => readKeyringFile(path)).toThrow(
      new RegExp(`keyring ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON`),
    );
  });

  it('names the file when it cannot be read', () => {
    expect(() => readKeyringFile(join(dir, 'missing.json'))).toThrow(/cannot be read \(ENOENT\)/);
  });

  it('names an unknown role', () => {
    expect(() => parseKeyring('k.json', { keys: { superuser: 'svc_ai_x' } })).toThrow(
      /unknown role "superuser"/,
    );
  });

  it('names a role whose key is not a string', () => {
    expect(() => parseKeyring('k.json', { keys: { full: 42 } })).toThrow(
      /key of role "full" must be a non-empty string/,
    );
  });

  it.each(['k', '0', 'svc_ai_'])(
    'refuses a key of %j: too short to keep out of reports, never printed',
    (key) => {
      let message = '';
      try {
        parseKeyring('k.json', { keys: { full: 'svc_ai_long_enough', revoked: key } });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toBe(
        'keyring k.json: the key of role "revoked" is shorter than 8 characters: a key that short cannot be kept out of reports reliably, so the suite refuses it',
      );
      expect(() =>
        resolveTarget(targetOptions({ baseUrl: 'http://x.example/api/v1', apiKey: key }, {})),
      ).toThrow(/^the API key \(--api-key or CONFORMANCE_API_KEY\) is shorter than 8 characters/);
    },
  );

  it('refuses a top level that is not an object and a malformed probe list', () => {
    expect(() => parseKeyring('k.json', [])).toThrow(/top level must be a JSON object/);
    expect(() =>
      parseKeyring('k.json', { keys: {}, forbiddenRoutes: [{ method: 'FETCH', path: '/keys' }] }),
    ).toThrow(/forbiddenRoutes\[0\]\.method/);
  });

  it('accepts every role of TARGET.md and the probe lists', () => {
    const keyring = parseKeyring('k.json', {
      keys: { 'preset:assistants-knowledge': 'svc_ai_p', legacy: 'svc_ai_l' },
      forbiddenRoutes: [{ method: 'post', path: '/keys' }],
      unscopedRoutes: [{ method: 'GET', path: '/campaigns' }],
    });
    expect(keyring.forbiddenRoutes).toEqual([{ method: 'POST', path: '/keys' }]);
    expect(keyring.unscopedRoutes).toHaveLength(1);
  });
});
