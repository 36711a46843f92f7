import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';
import { runCli } from '../testing/cli-process.ts';
import { mergeSummaries } from './merge-summaries.ts';

const dir = mkdtempSync(join(tmpdir(), 'shards-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<number | null> {
  return (await runCli(args)).code;
}

function summaryOf(reportDir: string): Summary {
  return JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
}

const outcomes = (summary: Summary) => summary.checks.map((check) => `${check.id} ${check.outcome}`).sort();

describe('sharded runs merged', () => {
  it('equal a single run: the same checks with the same outcomes, and reports of the same shape', async () => {
    const common = ['run', '--only', 'assistants', '--seed', '11'];
    const shards = [1, 2, 3].map((i) => join(dir, `shard-${i}`));
    const codes = await Promise.all([
      ...shards.map((reportDir, i) => cli([...common, '--shard', `${i + 1}/3`, '--report-dir', reportDir])),
      cli([...common, '--report-dir', join(dir, 'single')]),
    ]);
    expect(codes).toEqual([0, 0, 0, 0]);
    // Each shard ran part of the files, none ran them all.
    const sizes = shards.map((reportDir) => summaryOf(reportDir).checks.length);
    for (const size of sizes) expect(size).toBeGreaterThan(0);
    expect(await cli(['merge', ...shards, '--out', join(dir, 'merged')])).toBe(0);
    const merged = summaryOf(join(dir, 'merged'));
    const single = summaryOf(join(dir, 'single'));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(single.checks.length);
    expect(outcomes(merged)).toEqual(outcomes(single));
    expect(merged.totals).toEqual(single.totals);
    expect(merged.seed).toBe(11);
    expect(merged.shard).toBeUndefined();
    const files = (reportDir: string) => readdirSync(reportDir).sort();
    expect(files(join(dir, 'merged'))).toEqual(files(join(dir, 'single')));
    const suites = (reportDir: string) =>
      readFileSync(join(reportDir, 'junit.xml'), 'utf8').match(/<testsuite /g)?.length;
    expect(suites(join(dir, 'merged'))).toBe(suites(join(dir, 'single')));
    const entries = (reportDir: string) =>
      (JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } })
        .log.entries.length;
    // Every exchange of every shard is in the merged HAR. (Not compared with the single run: checks
    // that share the account with concurrent files read again while the collection moves, so how
    // many requests a run makes depends on what ran beside it.)
    const shardEntries = shards.map(entries).reduce((a, b) => a + b, 0);
    expect(entries(join(dir, 'merged'))).toBe(shardEntries);
  });
});

describe('mergeSummaries', () => {
  const check = (id: string): SummaryCheck => ({
    id,
    requirements: ['X-1'],
    status: 'passed',
    outcome: 'passed',
    title: id,
    file: 'suites/x.test.ts',
  });
  const run = (target: string, ids: string[], extra: Partial<Summary> = {}): Summary => ({
    ...buildSummary({
      target,
      startedAt: new Date(0),
      durationMs: 10,
      checks: ids.map(check),
      harnessErrors: [],
    }),
    ...extra,
  });

  it('refuses shards that overlap, or that checked different targets', () => {
    expect(() =>
      mergeSummaries([
        { path: 'a', summary: run('http://x', ['c1']) },
        { path: 'b', summary: run('http://x', ['c1']) },
      ]),
    ).toThrow(/c1 is in a and in b/);
    expect(() =>
      mergeSummaries([
        { path: 'a', summary: run('http://x', ['c1']) },
        { path: 'b', summary: run('http://y', ['c2']) },
      ]),
    ).toThrow(/not shards of one run/);
  });

  it('takes shards of the embedded reference on different ports as one target, and warns of different seeds', () => {
    const merged = mergeSummaries([
      { path: 'a', summary: run('http://127.0.0.1:1/api/v1', ['c1'], { embedded: true, seed: 1 }) },
      { path: 'b', summary: run('http://127.0.0.1:2/api/v1', ['c2'], { embedded: true, seed: 2 }) },
    ]);
    expect(merged.checks.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(merged.seed).toBeUndefined();
    expect(merged.warnings?.join('\n')).toMatch(/different seeds/);
  });
});
