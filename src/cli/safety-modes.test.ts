import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { isWrite, loadSpec, type Operation } from '../spec/openapi.ts';
import { runCli } from '../testing/cli-process.ts';
import { startProxy, type TestProxy } from '../testing/proxy.ts';

/** --read-only and --dry-run, seen from the target's side: what reached it. */

let server: ReferenceServer;
let proxy: TestProxy;
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
  proxy = await startProxy(server.baseUrl, {
    onRequest: (req) => seen.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`),
  });
  proxyBase = proxy.baseUrl;
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The operation a request was, by the spec's path templates (undefined: a path it does not describe). */
function operationOf(operations: Iterable<Operation>, request: string): Operation | undefined {
  const [method, path] = request.split(' ');
  for (const operation of operations) {
    const pattern = new RegExp(`^/api/v1${operation.path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
    if (operation.method === method && pattern.test(path ?? '')) return operation;
  }
  return undefined;
}

/** `run` against the reference through the recording proxy, reporting into `reportDir`. */
function runThroughProxy(reportDir: string): string[] {
  return ['run', '--base-url', proxyBase, '--keyring', keyringFile, '--report-dir', reportDir];
}

describe('safety modes', () => {
  it('--read-only sends no write: checks that write are skipped, saying why, and the reads run', async () => {
    seen.length = 0;
    const reportDir = join(dir, 'read-only');
    const { code, output } = await runCli([
      ...runThroughProxy(reportDir),
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
      ...runThroughProxy(reportDir),
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
