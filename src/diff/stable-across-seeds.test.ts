import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../cli/diff.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { compareRuns, differencesOnly } from '../compare/matrix.ts';
import type { Summary } from '../report/summary.ts';
import { ChildRegistry, runConformanceChild, type ChildRun } from '../selftest/child-run.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { changesOf, diffRuns, isUnchanged } from './compare-runs.ts';

/**
 * The account model (a drawn history: which transitions and situations a seed reaches differs
 * from seed to seed) and a page walk of a catalog other files write to (timing decides whether
 * the collection moved while it was read).
 */
const FILES = ['suites/stateful/account.test.ts', 'suites/plugins/pagination.test.ts'];

const workDir = mkdtempSync(join(tmpdir(), 'stable-across-seeds-'));
const registry = new ChildRegistry();
afterAll(() => {
  registry.killAll();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Sequences of the model per run: fewer than a run's default, since this test is about what two
 * draws share, not how deep each goes (and it runs four of them).
 */
const RUNS = ['--runs', '8'];

function reference(name: string, args: readonly string[]): Promise<ChildRun> {
  return runConformanceChild({
    root: PROJECT_ROOT,
    args: [...RUNS, ...args],
    request: { faults: [], files: FILES },
    reportDir: join(workDir, name),
    timeoutMs: 240_000,
    registry,
  });
}

function summaryOf(run: ChildRun): Summary {
  expect(run.exitCode, `${run.reportDir}: exit status`).toBe(0);
  if (run.summary === undefined) throw new Error(`${run.reportDir}: no summary.json`);
  return run.summary;
}

/** The requirements `compare --differences` keeps a row for. */
function differingRows(runs: Summary[]): string[] {
  const comparison = differencesOnly(
    compareRuns(
      runs,
      runs.map((_, i) => `run ${i + 1}`),
      loadCatalog(),
    ),
  );
  return comparison.sections.flatMap((section) => section.rows.map((row) => row.requirement.id));
}

describe('runs of the embedded reference', () => {
  // Two at a time: the machine's cores are shared.
  const runs = (async () => {
    const [one, two] = await Promise.all([
      reference('seed-1', ['--seed', '1']),
      reference('seed-2', ['--seed', '2']),
    ]);
    const [three, alternative] = await Promise.all([
      reference('seed-3', ['--seed', '3']),
      reference('alternative', ['--seed', '1', '--reference-open-points', 'alternative']),
    ]);
    return { seeds: [one, two, three], alternative };
  })();
  // An unhandled rejection before the first test awaits it would end the file early.
  runs.catch(() => undefined);

  it('with three seeds: diff says nothing changed, compare --differences keeps no row', async () => {
    const { seeds } = await runs;
    const summaries = seeds.map(summaryOf);
    expect(new Set(summaries.map((s) => s.seed)).size).toBe(3);
    // The model records what the draws exercised, and it differs: coverage, not observations.
    const model = (s: Summary) => s.checks.find((c) => c.id === 'stateful.account.model');
    expect(summaries.map((s) => model(s)?.coverage?.length ?? 0).every((n) => n > 0)).toBe(true);
    for (const [base, head] of [
      [0, 1],
      [1, 2],
      [2, 0],
    ] as const) {
      const diff = diffRuns(summaries[base]!, summaries[head]!);
      expect(changesOf(diff), `seed ${base + 1} against seed ${head + 1}`).toEqual({});
      let printed = '';
      expect(runDiff([seeds[base]!.reportDir, seeds[head]!.reportDir], (text) => (printed += text))).toBe(0);
      expect(printed.trimEnd()).toMatch(/nothing changed$/);
    }
    expect(differingRows(summaries)).toEqual([]);
  }, 300_000);

  it('against the open points decided the other way: observations differ, no outcome does', async () => {
    const { seeds, alternative } = await runs;
    const base = summaryOf(seeds[0]!);
    const head = summaryOf(alternative);
    const diff = diffRuns(base, head);
    expect(diff).toMatchObject({
      regressed: [],
      fixed: [],
      newlyFailing: [],
      newlySkipped: [],
      coverageLost: [],
    });
    expect(isUnchanged(diff)).toBe(false);
    const observed = new Set(diff.observations.map((o) => o.requirement));
    const rows = differingRows([base, head]);
    expect(rows.length).toBeGreaterThan(0);
    // Every row compare keeps is a behaviour observed differently, never a pass against a fail.
    const outcomes = new Map(
      compareRuns([base, head], ['default', 'alternative'], loadCatalog())
        .sections.flatMap((section) => section.rows)
        .map((row) => [row.requirement.id, row.cells.map((cell) => cell.outcome)]),
    );
    for (const requirement of rows) {
      expect(observed.has(requirement), `${requirement} among the changed observations`).toBe(true);
      const [before, after] = outcomes.get(requirement) ?? [];
      expect(after, `${requirement}: the same outcome in both`).toBe(before);
    }
  }, 300_000);
});
