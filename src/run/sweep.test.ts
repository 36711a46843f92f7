import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { findLeftovers, prefixPattern } from '../resources/leftovers.ts';
import { loadSpec } from '../spec/openapi.ts';
import { runCli } from '../testing/cli-process.ts';

/**
 * The run's end sweep, end to end: the reference served with a planted fault that saves a duplicate
 * plugin while it refuses it (plugins.duplicate-saved-then-refused), and a run of the checks citing
 * that requirement. One of them has account B reuse account A's title: the plugin ends up B's, out
 * of reach of A's cleanup. The run's ledger knows B's refused create by the title it sent, so the
 * sweep finds and removes it: nothing of the run is left on either account.
 */

const FAULT = 'plugins.duplicate-saved-then-refused';

let server: ReferenceServer;
let dir: string;
let keyringFile: string;

beforeAll(async () => {
  server = await createReferenceServer({ faults: [FAULT] });
  dir = mkdtempSync(join(tmpdir(), 'sweep-refused-'));
  keyringFile = join(dir, 'keyring.json');
  writeFileSync(keyringFile, JSON.stringify(server.keyring), { mode: 0o600 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The plugins carrying the run's id on either account, listed as a person would. */
async function pluginsLeft(runId: string): Promise<string[]> {
  const spec = await loadSpec();
  const left: string[] = [];
  for (const role of ['full', 'other'] as const) {
    const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: server.keyring.keys[role], spec });
    const scan = await findLeftovers(client, prefixPattern(runId));
    expect(scan.problems).toEqual([]);
    left.push(...scan.found.map((leftover) => `${leftover.kind} ${leftover.label} (${role})`));
  }
  return left;
}

describe('the sweep at the end of a run', () => {
  it(`removes a plugin the target refused and saved all the same (${FAULT})`, async () => {
    const reportDir = join(dir, 'report');
    const { code, output } = await runCli([
      'run',
      '--base-url',
      server.baseUrl,
      '--keyring',
      keyringFile,
      '--report-dir',
      reportDir,
      '--only',
      'plugins',
      '--requirement',
      'IDS-11',
    ]);
    // The fault is caught (exit 1), and the sweep says what it removed.
    expect(code, output).toBe(1);
    expect(output).toMatch(/removed plugin \S+ \(account B, saved though its create was refused\)/);
    const { runId } = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { runId: string };
    expect(await pluginsLeft(runId)).toEqual([]);
    // Nothing left open: the ledger has done its job.
    expect(existsSync(join(reportDir, 'ledger', `${runId}.jsonl`))).toBe(false);
  });
});
