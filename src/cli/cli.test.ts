import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSelfTest } from './self-test.ts';
import { ConfigError } from '../target/config-error.ts';
import { runCleanup } from './cleanup.ts';
import { runRequirements } from './requirements.ts';
import { runList } from './list.ts';
import { runConformance } from './run.ts';
import { runServe } from './serve.ts';
import { SAMPLE_VOICE } from '../testing/sample-voice.ts';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'conformance.js');
// Regular-expression characters, a quote and a backslash: the key must be found literally, also
// where JSON escapes it, and no report may break on it.
const KEY = 'svc_ai_cli.test+secret(0042)[x]*?^$|{"q"}\\';
/** A fragment of KEY that any partial redaction would leave behind. */
const KEY_TAIL = 'secret(0042)';
/** A key of eight characters and more that is also a field name of summary.json. */
const FIELD_NAME_KEY = 'requirements';
const REVOKED_KEY = 'svc_ai_cli_test_revoked_0042';
const SHARE_TOKEN = 'con_sh_cliTestShareToken42';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const VOICE = SAMPLE_VOICE;

// A tiny stand-in implementation of the voice catalog, enough to run the voices suite end to end.
// Under /leaky the title filter is ignored and a voice is titled with a share token, so that a
// failure message carries the token; under /notapi every route is a 404, as on a server that is
// not this API.
let server: Server;
let origin: string;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, mode] = url.pathname.split('/');
    const api = mode === 'api' ? '/api/v1' : `/${mode}/api/v1`;
    res.setHeader('content-type', 'application/json');
    if (mode === 'notapi') {
      res.writeHead(404).end(JSON.stringify({ message: 'not found' }));
      return;
    }
    const key = req.headers.authorization?.replace(/^Bearer /, '');
    if (key === REVOKED_KEY) {
      res
        .writeHead(403)
        .end(JSON.stringify({ auth: false, success: false, code: 'key_revoked', message: 'revoked' }));
      return;
    }
    if (key !== KEY && key !== FIELD_NAME_KEY) {
      res.writeHead(401).end(JSON.stringify({ message: 'invalid bearer token' }));
      return;
    }
    if (url.pathname === `${api}/users/get_voice_clone`) {
      const title = url.searchParams.get('title');
      const leaky = mode === 'leaky';
      const catalog = leaky
        ? [VOICE, { ...VOICE, _id: '64b7f0c2a1b2c3d4e5f60719', title: SHARE_TOKEN }]
        : [VOICE];
      const data = leaky || title === null ? catalog : catalog.filter((voice) => voice.title === title);
      // Echo the key back, as a careless implementation might: it must still never reach a report.
      res.writeHead(200).end(JSON.stringify({ status: true, message: `voices for ${key}`, data }));
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `${origin}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Every spelling of a secret that a report could hold: as is, escaped in JSON, and any fragment left over. */
function expectAbsent(text: string, secret: string, where: string): void {
  expect(text, where).not.toContain(secret);
  expect(text, where).not.toContain(JSON.stringify(secret).slice(1, -1));
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0] ?? '';
}

interface WrittenSummary {
  target: string;
  totals: { passed: number; failed: number; skipped: number };
  certified?: boolean;
  certificationReasons?: string[];
  harnessErrors: string[];
  checks: { id: string; status: string; requirements: string[]; message?: string }[];
}

function readSummary(reportDir: string): WrittenSummary {
  return JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as WrittenSummary;
}

const madeDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  madeDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('conformance run', () => {
  it('runs selected checks end to end, writes every report, and no key appears anywhere', async () => {
    const reportDir = tempDir();
    // The stand-in serves only the voice catalog: select the checks that need nothing else.
    const only = ['--only', 'voices', '--requirement', 'VOICE-{09,12,14,15}'];
    const result = await runCli(['run', ...only, '--base-url', baseUrl, '--report-dir', reportDir], {
      CONFORMANCE_API_KEY: KEY,
    });
    expect(result.stderr).not.toContain('    at ');
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // The suite's words, not vitest's: a line for the area, the totals, then the exit status and why.
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}✓ voices {2}\d+ checks: \d+ passed, \d+ skipped$/),
    );
    expect(lines.at(-2)).toMatch(/^conformance: \d+ passed \(/);
    expect(lines.at(-1)).toBe('exit 0: conformant');
    expect(result.stdout).not.toMatch(/Test Files|✓ suites\//);
    const files = filesUnder(reportDir);
    for (const name of ['summary.json', 'junit.xml', 'index.html', 'scope-matrix.md'])
      expect(
        files.some((f) => f.endsWith(name)),
        name,
      ).toBe(true);
    expect(files.some((f) => f.includes('allure-results'))).toBe(true);
    for (const file of files) {
      expectAbsent(readFileSync(file, 'utf8'), KEY, file);
      expect(readFileSync(file, 'utf8'), file).not.toContain(KEY_TAIL);
    }
    expectAbsent(result.stdout + result.stderr, KEY, 'terminal');
    expect(result.stdout + result.stderr).not.toContain(KEY_TAIL);

    const summary = readSummary(reportDir);
    expect(summary.target).toBe(baseUrl);
    expect(summary.totals.passed).toBeGreaterThanOrEqual(2);
    expect(summary.totals.failed).toBe(0);
    expect(summary.certified).toBeUndefined();
    // Only the `full` role was given: a check needing another role is skipped, naming it.
    const skipped = summary.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((c) => /the keyring has no "[^"]+" key/.test(c.message ?? ''))).toBe(true);
  });

  it('keeps every report valid and a share token out of all of them, touching no file it did not write', async () => {
    const reportDir = tempDir();
    // A file of the person's, holding the very words the run redacts: it must stay as it is.
    const notes = join(reportDir, 'notes.txt');
    const notesText = `requirements for ${SHARE_TOKEN}\n`;
    writeFileSync(notes, notesText);
    const result = await runCli(
      ['run', '--only', 'voices', '--requirement', 'VOICE-12', '--base-url', `${origin}/leaky/api/v1`],
      { CONFORMANCE_API_KEY: FIELD_NAME_KEY, CONFORMANCE_REPORT_DIR: reportDir },
    );
    // The title filter is ignored: the check fails, its message naming the stray title.
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('  ✗ voices.catalog.title-exact-match [VOICE-12, VOICE-13]\n');
    // (The key of this run is the word "requirements": the terminal hides it there too.)
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^exit 1: 1 check failed in 2 /);
    expect(readFileSync(notes, 'utf8')).toBe(notesText);
    const summary = readSummary(reportDir);
    const failed = summary.checks.find((c) => c.status === 'failed');
    expect(failed?.message).toContain('con_sh_…redacted');
    expect(summary.checks.every((c) => Array.isArray(c.requirements))).toBe(true);
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="suites\/voices\/voice-catalog\.test\.ts" name="[^"<]*"/);
    expect(junit.trimEnd().endsWith('</testsuites>')).toBe(true);
    for (const file of filesUnder(reportDir).filter((f) => f !== notes)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(SHARE_TOKEN);
      if (file.endsWith('.json')) expect(() => JSON.parse(text) as unknown, file).not.toThrow();
    }
    expect(result.stdout + result.stderr).not.toContain(SHARE_TOKEN);
  });

  it('exits 2 with one line, before starting anything, naming an area that does not exist', async () => {
    const result = await runCli(['run', '--only', 'nosuch', '--report-dir', tempDir()]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(
      /^conformance: --only nosuch selects no check: no area suites\/nosuch \(areas: .*voices\)$/,
    );
    expect(result.stdout).toBe('');
  });

  it('exits 2 naming the filter when the checks it selects are none', async () => {
    const reportDir = tempDir();
    const result = await runCli(
      [
        'run',
        '--only',
        'voices',
        '--requirement',
        'KB-ATTACH-04',
        '--base-url',
        baseUrl,
        '--report-dir',
        reportDir,
      ],
      { CONFORMANCE_API_KEY: KEY },
    );
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toBe(
      "conformance: no check ran: --only 'voices' --requirement 'KB-ATTACH-04' selected no check",
    );
    expect(readSummary(reportDir).checks).toEqual([]);
    expect(readSummary(reportDir).harnessErrors).toEqual([
      "no check ran: --only 'voices' --requirement 'KB-ATTACH-04' selected no check",
    ]);
  });

  it('exits 2 with one line naming an unreachable address', async () => {
    const reportDir = tempDir();
    const result = await runCli(
      ['run', '--base-url', 'http://127.0.0.1:9/api/v1', '--report-dir', reportDir],
      {
        CONFORMANCE_API_KEY: KEY,
      },
    );
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toContain('http://127.0.0.1:9/api/v1 is unreachable');
    expect(readFileSync(join(reportDir, 'summary.json'), 'utf8')).toContain('unreachable');
  });
});

/**
 * `conformance run` in this process, for runs that stop before any check: a spawned CLI costs a
 * second or two each, and the spawned cases above show the process prints nothing else.
 */
async function runInProcess(
  argv: string[],
  reportDir = tempDir(),
): Promise<{ code: number; stdout: string; stderr: string; reportDir: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  const error = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void err.push(String(line)));
  try {
    const code = await runConformance([...argv, '--report-dir', reportDir]);
    return { code, stdout: out.join('\n'), stderr: err.join('\n'), reportDir };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('conformance run: set-up errors are exit 2 with one line, before any check', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('names a requirement glob that matches no requirement', async () => {
    const result = await runInProcess(['--requirement', 'NOPE-*']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(/--requirement "NOPE-\*" matches no requirement/);
  });

  it.each([
    [
      'the full key is revoked',
      '/api/v1',
      REVOKED_KEY,
      'the full key is refused by BASE: HTTP 403 key_revoked',
    ],
    [
      'the full key is unknown',
      '/api/v1',
      'svc_ai_cli_test_unknown_0042',
      'the full key is refused by BASE: HTTP 401 invalid bearer token',
    ],
    [
      'the base URL is not this API',
      '/notapi/api/v1',
      KEY,
      'no API found at BASE (GET /users/get_voice_clone without a key answered 404)',
    ],
  ])('when %s', async (_, path, key, expected) => {
    const target = `${origin}${path}`;
    const result = await runInProcess(['--base-url', target, '--api-key', key]);
    expect(result.code).toBe(2);
    const line = oneLine(result.stderr);
    expect(line.startsWith(`conformance: ${expected.replace('BASE', target)}`), line).toBe(true);
    expect(line).not.toContain(key);
    const summary = readSummary(result.reportDir);
    expect(summary.checks).toEqual([]);
    expect(JSON.stringify(summary)).not.toContain(key);
  });

  it.each([
    ['is not JSON', '{ "keys": ', /not valid JSON/],
    ['has an unknown role', JSON.stringify({ keys: { root: 'svc_ai_x' } }), /unknown role "root"/],
    [
      'has a key that is not a string',
      JSON.stringify({ keys: { full: 7 } }),
      /role "full" must be a non-empty string/,
    ],
    [
      'has a key "k"',
      JSON.stringify({ keys: { full: KEY, revoked: 'k' } }),
      /role "revoked" is shorter than 8 characters/,
    ],
  ])('when the keyring %s, naming the file', async (_, text, message) => {
    const keyring = join(tempDir(), 'keyring.json');
    writeFileSync(keyring, text);
    const result = await runInProcess(['--base-url', baseUrl, '--keyring', keyring]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(message);
    expect(result.stderr).toContain(keyring);
  });

  it('refuses the API key "0" without printing it', async () => {
    const result = await runInProcess(['--base-url', baseUrl, '--api-key', '0']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toBe(
      'conformance: the API key (--api-key or CONFORMANCE_API_KEY) is shorter than 8 characters: a key that short cannot be kept out of reports reliably, so the suite refuses it',
    );
  });

  it('--certify names every prerequisite the keyring lacks, in summary.json and index.html too', async () => {
    const result = await runInProcess(['--certify', '--base-url', baseUrl, '--api-key', KEY]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(
      /^conformance: --certify cannot certify: the keyring lacks the role\(s\) assistants:view, .*, other; the keyring lists no forbiddenRoutes; the keyring lists no unscopedRoutes; the keyring has no accounts\.other\.email$/,
    );
    const summary = readSummary(result.reportDir);
    expect(summary.certified).toBe(false);
    expect(summary.certificationReasons?.[0]).toMatch(/--certify cannot certify: the keyring lacks/);
    expect(readFileSync(join(result.reportDir, 'index.html'), 'utf8')).toContain('not certified');
  });

  it.each([
    ['an expectations file in the environment', [], true, /admits no expectations file/],
    ['an expectations file by flag', ['--expectations', 'known.json'], false, /admits no expectations file/],
    [
      'a selection',
      ['--only', 'voices', '--bail'],
      false,
      /runs every check: it cannot be combined with --only, --bail/,
    ],
  ])('--certify refuses %s', async (_, args, env, message) => {
    if (env) vi.stubEnv('CONFORMANCE_EXPECTATIONS', 'known.json');
    const result = await runInProcess(['--certify', ...args]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(message);
  });
});

/** Every file under `dir` with its text: what a run must leave as it was. */
function snapshot(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((file) => [file, readFileSync(file, 'utf8')]));
}

describe("a run that never starts leaves the previous run's reports as they were", () => {
  let reportDir: string;
  let before: Map<string, string>;
  let keyringDir: string;

  beforeAll(async () => {
    reportDir = tempDir();
    keyringDir = tempDir();
    const good = await runCli(
      [
        'run',
        '--only',
        'voices',
        '--requirement',
        'VOICE-12',
        '--base-url',
        baseUrl,
        '--report-dir',
        reportDir,
      ],
      { CONFORMANCE_API_KEY: KEY },
    );
    expect(good.code, good.stdout + good.stderr).toBe(0);
    before = snapshot(reportDir);
    for (const name of ['summary.json', 'junit.xml', 'index.html', 'exchanges.har'])
      expect(
        [...before.keys()].some((file) => file.endsWith(name)),
        name,
      ).toBe(true);
  });

  const badKeyring = () => {
    const file = join(keyringDir, 'bad-keyring.json');
    writeFileSync(file, '{ "keys": ');
    return file;
  };
  const badExpectations = () => {
    const file = join(keyringDir, 'bad-expectations.yaml');
    writeFileSync(file, 'expectations: [{ check: x }]\n');
    return file;
  };

  it.each([
    ['an unknown flag', () => ['--bogus'], /unknown option --bogus/],
    ['--seed -5', () => ['--seed', '-5'], /option --seed needs a value/],
    ['a negative --seed', () => ['--seed=-5'], /--seed takes a whole number/],
    ['a --workers of 0', () => ['--workers', '0'], /--workers must be a positive whole number/],
    [
      '--dry-run with an unknown personality (a flag is read whole before any plan)',
      () => ['--dry-run', '--reference-open-points', 'bogus'],
      /--reference-open-points takes default or alternative, got "bogus"/,
    ],
    [
      'a keyring that is not JSON',
      () => ['--base-url', baseUrl, '--keyring', badKeyring()],
      /not valid JSON/,
    ],
    [
      'a malformed expectations file',
      () => ['--base-url', baseUrl, '--api-key', KEY, '--expectations', badExpectations()],
      /expectations file .*entry 1/,
    ],
    [
      'an unreachable target',
      () => ['--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', KEY],
      /is unreachable/,
    ],
    ['a refused key', () => ['--base-url', baseUrl, '--api-key', REVOKED_KEY], /full key is refused/],
  ])('after %s: exit 2, one line on stderr, every report file unchanged', async (_, argv, message) => {
    const result = await runInProcess(argv(), reportDir);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(message);
    expect(snapshot(reportDir)).toEqual(before);
  });
});

describe('every command refuses what it does not know', () => {
  it('conformance run stray: exit 2, one line with a hint', async () => {
    const result = await runCli(['run', 'stray']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(
      /^conformance: run takes no argument "stray" \(options: .*see conformance run --help\)$/,
    );
  });

  it('conformance run -x: exit 2, one line with a hint', async () => {
    const result = await runInProcess(['-x']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toMatch(
      /^conformance: unknown option -x \(options: .*see conformance run --help\)$/,
    );
  });

  // In process: the commands print through the io they are given.
  it.each([
    ['serve', (argv: string[], io: Io) => runServe(argv, io)],
    ['cleanup', (argv: string[], io: Io) => runCleanup(argv, io)],
    ['self-test', (argv: string[], io: Io) => runSelfTest(argv, io)],
  ] as const)('conformance %s: a stray word or -x is exit 2, one line with a hint', async (command, run) => {
    for (const word of ['stray', '-x']) {
      const err: string[] = [];
      const io = { out: () => {}, err: (line: string) => err.push(line) };
      expect(await run([word], io)).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(word === '-x' ? /unknown option -x/ : /takes no argument "stray"/);
      expect(err[0]).toContain(`see conformance ${command} --help`);
    }
  });

  it.each([
    ['requirements', runRequirements],
    ['list', runList],
  ] as const)(
    'conformance %s: a stray word or -x is a configuration error (exit 2, one line)',
    async (command, run) => {
      await expect(run(['stray'])).rejects.toThrow(ConfigError);
      await expect(run(['-x'])).rejects.toThrow(
        new RegExp(`unknown option -x .*see conformance ${command} --help`),
      );
    },
  );

  it('prints the help of one command', async () => {
    const result = await runCli(['run', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--certify');
  });
});
