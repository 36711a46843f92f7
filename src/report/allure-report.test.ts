import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../cli/selection.ts';

const dir = mkdtempSync(join(tmpdir(), 'allure-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run report', () => {
  it('renders an Allure report from allure-results offline, with the allure package of package.json', () => {
    const results = join(dir, 'allure-results');
    mkdirSync(results);
    writeFileSync(
      join(results, '0c4f7a9e-0000-4000-8000-000000000001-result.json'),
      JSON.stringify({
        uuid: '0c4f7a9e-0000-4000-8000-000000000001',
        historyId: 'limits.bases-per-assistant.fourth-rejected',
        name: 'a fourth base is refused [LIM-02]',
        fullName: 'suites/limits/attachments.test.ts#a fourth base is refused [LIM-02]',
        status: 'failed',
        statusDetails: { message: 'Received: 200 / Documented: 400' },
        labels: [
          { name: 'epic', value: 'Limits' },
          { name: 'story', value: 'LIM-02' },
        ],
        start: 1,
        stop: 2,
      }),
    );
    const output = join(dir, 'allure-report');
    const run = spawnSync(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules', 'allure', 'cli.js'), 'generate', results, '--output', output],
      { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(output, 'index.html'))).toBe(true);
    expect(readFileSync(join(output, 'summary.json'), 'utf8')).toMatch(/"failed":\s*1/);
  }, 90_000);
});
