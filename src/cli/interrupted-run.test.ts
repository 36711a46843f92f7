import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { readLedger } from '../resources/ledger.ts';
import { collectChecks } from '../harness/check-index.ts';
import { startCli, type CliProcess } from '../testing/cli-process.ts';
import { leftOnTarget } from '../testing/left-on-target.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { startProxy, type TestProxy } from '../testing/proxy.ts';
import { runCleanup } from './cleanup.ts';

/**
 * A run against a target that outlives it (the reference, served here), stopped half-way as a
 * person would stop it: nothing of the run may remain on the target, and the report says it was
 * interrupted.
 */

let server: ReferenceServer;
let dir: string;
let keyringFile: string;

beforeAll(async () => {
  server = await createReferenceServer();
  dir = mkdtempSync(join(tmpdir(), 'interrupted-run-'));
  keyringFile = join(dir, 'keyring.json');
  writeFileSync(keyringFile, JSON.stringify(server.keyring), { mode: 0o600 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function startRun(name: string, baseUrl = server.baseUrl): CliProcess & { reportDir: string } {
  const reportDir = join(dir, name);
  const run = startCli(['run', '--base-url', baseUrl, '--keyring', keyringFile, '--report-dir', reportDir]);
  return { ...run, reportDir };
}

/** Waits until the run's ledger holds `open` resources not yet deleted: the run is in the middle of its work. */
async function midRun(reportDir: string, open: number): Promise<string> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ledgerDir = join(reportDir, 'ledger');
    const file = existsSync(ledgerDir) ? readdirSync(ledgerDir)[0] : undefined;
    if (file !== undefined) {
      const state = readLedger(join(ledgerDir, file));
      if (state.open.filter((entry) => entry.created).length >= open) return state.runId;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the run never got going');
}

/** A create of a base still waiting for its answer in the run's ledger; returns the ledger file. */
async function unansweredCreate(reportDir: string): Promise<string> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ledgerDir = join(reportDir, 'ledger');
    const file = existsSync(ledgerDir) ? readdirSync(ledgerDir)[0] : undefined;
    if (file !== undefined) {
      const path = join(ledgerDir, file);
      if (readLedger(path).open.some((entry) => entry.kind === 'knowledge base' && !entry.created))
        return path;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the run never created a knowledge base');
}

/** A proxy to the reference that answers `POST …/kb` (create a base) `delayMs` late. */
async function slowCreatesProxy(
  target: string,
  delayMs: number,
): Promise<TestProxy & { baseCreated: Promise<void> }> {
  let created: () => void = () => {};
  const baseCreated = new Promise<void>((resolve) => (created = resolve));
  const isCreate = (req: IncomingMessage) => req.method === 'POST' && /\/kb\/?$/.test(req.url ?? '');
  const proxy = await startProxy(target, {
    // The reference has made the base: only its answer is held back.
    onAnswer: (req) => (isCreate(req) ? created() : undefined),
    holdAnswerMs: (req) => (isCreate(req) ? delayMs : 0),
  });
  return { ...proxy, baseCreated };
}

describe('an interrupted run', () => {
  it('on Ctrl-C removes everything it created and writes a summary marked interrupted', async () => {
    // A previous run's passing report, and a file of the person's: the first must not survive to
    // be read as this run's, the second is not the run's to touch.
    const reportDir = join(dir, 'sigint');
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(
      join(reportDir, 'summary.json'),
      JSON.stringify({ totals: { passed: 1, failed: 0, skipped: 0 }, stale: true }),
    );
    writeFileSync(join(reportDir, 'junit.xml'), '<testsuites stale="true"/>');
    writeFileSync(join(reportDir, 'notes.txt'), 'mine');
    const run = startRun('sigint');
    const runId = await midRun(run.reportDir, 5);
    expect(existsSync(join(reportDir, 'summary.json'))).toBe(false);
    // junit.xml is written when the run ends, never before: no stale one, no partial one.
    expect(existsSync(join(reportDir, 'junit.xml'))).toBe(false);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(130);
    const summary = JSON.parse(readFileSync(join(run.reportDir, 'summary.json'), 'utf8')) as Record<
      string,
      unknown
    > & { checks: { id: string; message?: string }[] };
    expect(summary).toMatchObject({ interrupted: true, stoppedBy: 'SIGINT', runId });
    // Every check of the selection is listed, those the stop kept from running with the reason.
    const selected = await collectChecks(PROJECT_ROOT);
    expect(summary.checks.map((check) => check.id).sort()).toEqual(selected.map((check) => check.id).sort());
    const notRun = summary.checks.filter(
      (check) => check.message === 'not run: the run was interrupted (SIGINT)',
    );
    expect(notRun.length).toBeGreaterThan(0);
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit).toContain(
      `interrupted by SIGINT: ${notRun.length} of ${selected.length} selected check(s) did not run`,
    );
    expect(junit.trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(run.output()).toContain('interrupted by SIGINT');
    // stdout's last line (stderr comes through another pipe, so it may interleave after it).
    expect(
      run
        .output()
        .split('\n')
        .filter((line) => line.startsWith('exit ')),
    ).toEqual([
      `exit 130: interrupted after ${selected.length - notRun.length} of ${selected.length} checks`,
    ]);
    expect(await leftOnTarget(server, runId)).toEqual([]);
    // The ledger has done its job; what the run does not own stays.
    expect(existsSync(join(run.reportDir, 'ledger', `${runId}.jsonl`))).toBe(false);
    expect(summary.stale).toBeUndefined();
    expect(readFileSync(join(reportDir, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('on a second SIGTERM exits at once with the cleanup command, which then removes what is left', async () => {
    // Every knowledge-base create is answered 3 s late (the base exists at once): a stopped run
    // waits for such answers, and the second SIGTERM comes while it does.
    const slow = await slowCreatesProxy(server.baseUrl, 3_000);
    try {
      const run = startRun('sigterm', slow.baseUrl);
      const ledger = await unansweredCreate(run.reportDir);
      await slow.baseCreated;
      run.child.kill('SIGTERM');
      // The second once the first is taken (two pending at once are one to the OS).
      while (!run.output().includes('SIGTERM: stopping'))
        await new Promise((resolve) => setTimeout(resolve, 5));
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(143);
      // Exited at once: no junit.xml at all, never a partial one a CI job could read as green.
      expect(readdirSync(run.reportDir).filter((name) => name.startsWith('junit'))).toEqual([]);
      const runId = readLedger(ledger).runId;
      expect(run.output()).toContain(`conformance cleanup --base-url ${slow.baseUrl} --run ${runId}`);
      // Stopped while a base's create was unanswered: it is there, known to the ledger by name only.
      expect((await leftOnTarget(server, runId)).length).toBeGreaterThan(0);
      const said: string[] = [];
      const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
      const target = ['--base-url', slow.baseUrl, '--keyring', keyringFile, '--report-dir', run.reportDir];
      const cleaned = await runCleanup([...target, '--run', runId], io);
      expect(said.filter((line) => line.includes('could not'))).toEqual([]);
      expect(cleaned).toBe(0);
      expect(await leftOnTarget(server, runId)).toEqual([]);
      for (const key of Object.values(server.keyring.keys))
        expect(run.output() + said.join('\n')).not.toContain(key);
    } finally {
      await slow.close();
    }
  });
});
