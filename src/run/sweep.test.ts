import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { runCli } from '../testing/cli-process.ts';
import { leftOnTarget } from '../testing/left-on-target.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';

/**
 * The run's end sweep, end to end: the reference served with a planted fault that saves a duplicate
 * plugin while it refuses it (plugins.duplicate-saved-then-refused), and a run of the checks citing
 * that requirement. One of them has account B reuse account A's title: the plugin ends up B's, out
 * of reach of A's cleanup. The run's ledger knows B's refused create by the title it sent, so the
 * sweep finds and removes it: nothing of the run is left on either account.
 */

const FAULT = 'plugins.duplicate-saved-then-refused';

const scratch = scratchFolder('sweep-refused-');
let server: ReferenceServer;
let keyringFile: string;

beforeAll(async () => {
  server = await createReferenceServer({ faults: [FAULT] });
  keyringFile = scratch.file('keyring.json', JSON.stringify(server.keyring));
});

afterAll(() => server.close());

describe('the sweep at the end of a run', () => {
  it(`removes a plugin the target refused and saved all the same (${FAULT})`, async () => {
    const reportDir = join(scratch.dir, 'report');
    const target = ['--base-url', server.baseUrl, '--keyring', keyringFile];
    const selection = ['--only', 'plugins', '--requirement', 'IDS-11'];
    const { code, output } = await runCli(['run', ...target, '--report-dir', reportDir, ...selection]);
    // The fault is caught (exit 1), and the sweep says what it removed.
    expect(code, output).toBe(1);
    expect(output).toMatch(/removed plugin \S+ \(account B, saved though its create was refused\)/);
    const { runId } = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { runId: string };
    expect(await leftOnTarget(server, runId)).toEqual([]);
    // Nothing left open: the ledger has done its job.
    expect(existsSync(join(reportDir, 'ledger', `${runId}.jsonl`))).toBe(false);
  });
});
