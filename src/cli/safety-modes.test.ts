import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWrite, loadSpec, type Operation } from '../spec/openapi.ts';
import { runCli } from '../testing/cli-process.ts';
import { watchedReference, type WatchedReference } from '../testing/watched-reference.ts';

/** --read-only and --dry-run, seen from the target's side: what reached it. */

let reference: WatchedReference;
/** Every request the proxy passed on: `POST /api/v1/kb`. */
const seen: string[] = [];

beforeAll(async () => {
  reference = await watchedReference('safety-modes', {
    onRequest: (req) => seen.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`),
  });
});

afterAll(() => reference.close());

/** The operation a request was, by the spec's path templates (undefined: a path it does not describe). */
function operationOf(operations: Iterable<Operation>, request: string): Operation | undefined {
  const [method, path] = request.split(' ');
  for (const operation of operations) {
    const pattern = new RegExp(`^/api/v1${operation.path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
    if (operation.method === method && pattern.test(path ?? '')) return operation;
  }
  return undefined;
}

/**
 * `run --MODE --only AREA` against the reference through the recording proxy, which forgets what
 * it saw before; it reports into a folder named after the mode.
 */
async function runThroughProxy(mode: 'read-only' | 'dry-run', area: string) {
  seen.length = 0;
  const reportDir = join(reference.dir, mode);
  const { baseUrl, keyringFile } = reference;
  const args = ['run', '--base-url', baseUrl, '--keyring', keyringFile, '--report-dir', reportDir];
  return { reportDir, ...(await runCli([...args, `--${mode}`, '--only', area])) };
}

describe('safety modes', () => {
  it('--read-only sends no write: checks that write are skipped, saying why, and the reads run', async () => {
    const { code, output, reportDir } = await runThroughProxy('read-only', 'assistants');
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
    const { code, output, reportDir } = await runThroughProxy('dry-run', 'knowledge-bases');
    expect(code).toBe(0);
    expect(output).toContain(`dry run: nothing is sent to ${reference.baseUrl}`);
    expect(output).toMatch(/\d+ check\(s\) in \d+ file\(s\)/);
    expect(output).toContain('knowledge bases');
    expect(seen).toEqual([]);
    expect(existsSync(reportDir)).toBe(false);
  });
});
