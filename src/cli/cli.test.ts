import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'conformance.js');
const KEY = 'svc_ai_cli_test_secret_0042';

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

const VOICE = {
  _id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Ava',
  gender: 'female',
  voice_language: 'en-US',
  voice_provider: 'acme',
  voice_type: 'neural',
  isPublic: true,
  voice_sample_uri: 'https://voices.example/ava.mp3',
  voice_id: 'acme-ava-1',
};

// A tiny stand-in implementation of the voice catalog, enough to run the voices suite end to end.
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401).end(JSON.stringify({ message: 'invalid bearer token' }));
      return;
    }
    if (url.pathname === '/api/v1/users/get_voice_clone') {
      const title = url.searchParams.get('title');
      const data = title === null || title === VOICE.title ? [VOICE] : [];
      // Echo the key back, as a careless implementation might: it must still never reach a report.
      res.writeHead(200).end(JSON.stringify({ status: true, message: `voices for ${KEY}`, data }));
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('conformance run', () => {
  it('runs selected checks end to end, writes every report, and no key appears anywhere', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
    // The stand-in serves only the voice catalog: select the checks that need nothing else.
    const only = ['--only', 'voices', '--requirement', 'VOICE-{09,12,14,15}'];
    const result = await runCli(['run', ...only, '--base-url', baseUrl, '--report-dir', reportDir], {
      CONFORMANCE_API_KEY: KEY,
    });
    expect(result.stderr).not.toContain('    at ');
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const files = filesUnder(reportDir);
    expect(files.some((f) => f.endsWith('summary.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('junit.xml'))).toBe(true);
    expect(files.some((f) => f.includes('allure-results'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(KEY);
    expect(result.stdout + result.stderr).not.toContain(KEY);

    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
      target: string;
      totals: { passed: number; failed: number; skipped: number };
      checks: { id: string; status: string; message?: string }[];
    };
    expect(summary.target).toBe(baseUrl);
    expect(summary.totals.passed).toBeGreaterThanOrEqual(2);
    expect(summary.totals.failed).toBe(0);
    // Only the `full` role was given: a check needing another role is skipped, naming it.
    const skipped = summary.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((c) => /the keyring has no "[^"]+" key/.test(c.message ?? ''))).toBe(true);
  });

  it('exits 2 with one line naming an unreachable address', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
    const result = await runCli([
      'run',
      '--base-url',
      'http://127.0.0.1:9/api/v1',
      '--api-key',
      KEY,
      '--report-dir',
      reportDir,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('http://127.0.0.1:9/api/v1 is unreachable');
    expect(readFileSync(join(reportDir, 'summary.json'), 'utf8')).toContain('unreachable');
  });

  it.each([
    ['not JSON', '{ "keys": ', /not valid JSON/],
    ['an unknown role', JSON.stringify({ keys: { root: 'svc_ai_x' } }), /unknown role "root"/],
    [
      'a key that is not a string',
      JSON.stringify({ keys: { full: 7 } }),
      /role "full" must be a non-empty string/,
    ],
  ])('exits 2 with one line when the keyring is %s', async (_, text, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
    const keyring = join(dir, 'keyring.json');
    writeFileSync(keyring, text);
    const result = await runCli(['run', '--base-url', baseUrl, '--keyring', keyring, '--report-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(keyring);
  });

  it('exits 2 naming an unknown flag', async () => {
    const result = await runCli(['run', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option --bogus/);
  });
});
