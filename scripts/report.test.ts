import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/project-root.ts';

const dir = mkdtempSync(join(tmpdir(), 'report-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run report ARGS` as npm runs it: in the project root, INIT_CWD the person's directory. */
function report(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const { CONFORMANCE_REPORT_DIR: _unused, ...rest } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/report.ts', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...rest, INIT_CWD: dir, ...env },
  });
}

describe('npm run report [DIR]', () => {
  it('reads DIR from where the person ran npm, else CONFORMANCE_REPORT_DIR, and names it when it has no results', () => {
    const relative = report(['mine']);
    expect(relative.status).toBe(2);
    expect(relative.stderr).toBe(
      `report: ${join(dir, 'mine', 'allure-results')}: no allure-results directory (run the suite first)\n`,
    );
    const fromEnv = report([], { CONFORMANCE_REPORT_DIR: 'ci-reports' });
    expect(fromEnv.stderr).toContain(join(dir, 'ci-reports', 'allure-results'));
    expect(report([]).stderr).toContain(join(dir, 'reports', 'allure-results'));
  }, 30_000);

  it('refuses an option or a second directory in one line and the usage, exit 2', () => {
    const bogus = report(['--bogus']);
    expect(bogus.status).toBe(2);
    expect(bogus.stderr.split('\n')[0]).toBe('report: unknown option --bogus');
    expect(bogus.stderr).not.toMatch(/\bat \S+:\d+/);
    expect(report(['a', 'b']).stderr.split('\n')[0]).toBe('report: one directory at most');
  }, 30_000);
});
