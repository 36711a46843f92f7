import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCompare } from '../cli/compare.ts';
import { runDiff } from '../cli/diff.ts';
import { runExpectations } from '../cli/expectations.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { ChildRegistry, runConformanceChild, type ChildRun } from '../selftest/child-run.ts';

const workDir = mkdtempSync(join(tmpdir(), 'adoption-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The checks of the three-base limit, against the reference with or without its limit broken. */
function run(name: string, faults: string[], args: string[] = []): Promise<ChildRun> {
  return runConformanceChild({
    root: PROJECT_ROOT,
    args,
    request: { faults, files: ['suites/limits/attachments.test.ts'] },
    reportDir: join(workDir, name),
    timeoutMs: 120_000,
    registry: new ChildRegistry(),
  });
}

describe('adopting the suite on an implementation that is not conformant', () => {
  it('clean and faulted runs → diff names the regression → expectations → the faulted run passes with the file, the clean one fails on the stale entry', async () => {
    const [clean, faulted] = await Promise.all([run('clean', []), run('faulted', ['kb.attach-no-limit'])]);
    expect(clean.exitCode).toBe(0);
    expect(faulted.exitCode).toBe(1);

    // The upgrade that broke the limit, as `conformance diff` reports it.
    let diffed = '';
    expect(runDiff([clean.reportDir, faulted.reportDir], (text) => (diffed += text))).toBe(1);
    expect(diffed).toMatch(
      /Regressed \(passed before, fails now\): 2\n {2}limits\.bases-per-assistant\.fourth-rejected {2}passed → failed {2}\[[^\]]*LIM-02/,
    );
    // The limit counted after every write around it (attach, detach, base delete) regresses too.
    expect(diffed).toMatch(
      / {2}limits\.bases-per-assistant\.counted-after-every-write {2}passed → failed {2}\[[^\]]*LIM-02/,
    );
    expect(diffed).toMatch(/Requirements regressed: .*LIM-02/);

    // The two implementations side by side: the differing rows include the broken requirement.
    const html = join(workDir, 'compare.html');
    let compared = '';
    expect(
      runCompare(
        [clean.reportDir, faulted.reportDir, '--differences', '--out', html],
        (text) => (compared += text),
      ),
    ).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/<tr class="differs"><th scope="row"[^>]*>LIM-02</);
    expect(compared).toContain('**LIM-02**');

    let printed = '';
    expect(runExpectations([faulted.reportDir], (text) => (printed += text))).toBe(0);
    const file = join(workDir, 'expectations.yaml');
    writeFileSync(file, printed);
    expect(printed).toMatch(/check: limits\.bases-per-assistant\.fourth-rejected\n\s+expect: failed/);

    const [excused, stale] = await Promise.all([
      run('excused', ['kb.attach-no-limit'], ['--expectations', file]),
      run('stale', [], ['--expectations', file]),
    ]);
    expect(excused.exitCode).toBe(0);
    const known = excused.summary?.checks.find((c) => c.id === 'limits.bases-per-assistant.fourth-rejected');
    expect(known?.outcome).toBe('expected');
    // Both checks of the limit are listed by the starting file, and both failed as listed.
    expect(excused.summary?.outcomes.expected).toBe(2);

    expect(stale.exitCode).toBe(1);
    const unexpected = stale.summary?.checks.find(
      (c) => c.outcome === 'unexpected-pass' && c.id === 'limits.bases-per-assistant.fourth-rejected',
    );
    expect(unexpected?.id).toBe('limits.bases-per-assistant.fourth-rejected');
    expect(unexpected?.message).toMatch(/delete the entry/);
  }, 240_000);
});
