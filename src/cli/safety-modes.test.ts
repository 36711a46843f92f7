import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { isWrite, loadSpec, type Operation } from '../spec/openapi.ts';

/** --read-only and --dry-run, seen from the target's side: what reached it. */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'conformance.js');

let server: ReferenceServer;
let proxy: Server;
let proxyBase: string;
let dir: string;
let keyringFile: string;
/** Every request the proxy passed on: `POST /api/v1/kb`. */
const seen: string[] = [];

beforeAll(async () => {
  server = await createReferenceServer();
  dir = mkdtempSync(join(tmpdir(), 'safety-modes-'));
  keyringFile = join(dir, 'keyring.json');
  writeFileSync(keyringFile, JSON.stringify(server.keyring), { mode: 0o600 });
  const upstream = new URL(server.baseUrl);
  proxy = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The operation a request was, by the spec's path templates (undefined: a path it does not describe). */
function operationOf(operations: Iterable<Operation>, request: string): Operation | undefined {
  const [method, path] = request.split(' ');
  for (const operation of operations) {
    const pattern = new RegExp(`^/api/v1${operation.path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
    if (operation.method === method && pattern.test(path ?? '')) return operation;
  }
  return undefined;
}

describe('safety modes', () => {
  it('--read-only sends no write: checks that write are skipped, saying why, and the reads run', async () => {
    seen.length = 0;
    const reportDir = join(dir, 'read-only');
    const { code, output } = await runCli([
      'run',
      '--base-url',
      proxyBase,
      '--keyring',
      keyringFile,
      '--report-dir',
      reportDir,
      '--read-only',
      '--only',
      'assistants',
    ]);
    expect(output).toContain('read-only: no write is sent');
    expect(code).toBe(0);
    const spec = await loadSpec();
    const operations = [...spec.operations.values()];
    const writes = seen.filter((request) => {
      const operation = operationOf(operations, request);
      return operation === undefined ? !request.startsWith('GET ') : isWrite(operation);
    });
    expect(seen.length).toBeGreaterThan(10);
    expect(writes).toEqual([]);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
      checks: Array<{ outcome: string; message?: string }>;
    };
    const skipped = summary.checks.filter((check) => check.outcome === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const check of skipped)
      expect(check.message).toMatch(/^--read-only: the check (writes|would send a write)/);
    expect(summary.checks.filter((check) => check.outcome === 'passed').length).toBeGreaterThan(0);
  });

  it('--dry-run prints the plan, sends nothing and writes nothing', async () => {
    seen.length = 0;
    const reportDir = join(dir, 'dry-run');
    const { code, output } = await runCli([
      'run',
      '--base-url',
      proxyBase,
      '--keyring',
      keyringFile,
      '--report-dir',
      reportDir,
      '--dry-run',
      '--only',
      'knowledge-bases',
    ]);
    expect(code).toBe(0);
    expect(output).toContain(`dry run: nothing is sent to ${proxyBase}`);
    expect(output).toMatch(/\d+ check\(s\) in \d+ file\(s\)/);
    expect(output).toContain('knowledge bases');
    expect(seen).toEqual([]);
    expect(existsSync(reportDir)).toBe(false);
  });
});
