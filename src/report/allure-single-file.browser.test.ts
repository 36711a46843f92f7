import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { renderAllureSingleFile } from './allure-single-file.ts';
import { browserOfFile } from '../testing/chromium.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';

const { dir } = scratchFolder('allure-browser-');
const browser = browserOfFile();

function result(index: number, status: 'passed' | 'failed'): object {
  const uuid = `0c4f7a9e-0000-4000-8000-00000000000${index}`;
  return {
    uuid,
    historyId: `limits.check-${index}`,
    name: `check ${index} [LIM-02]`,
    fullName: `suites/limits/attachments.test.ts#check ${index}`,
    status,
    ...(status === 'failed' ? { statusDetails: { message: 'Received: 200 / Documented: 400' } } : {}),
    labels: [
      { name: 'epic', value: 'Limits' },
      { name: 'story', value: 'LIM-02' },
    ],
    start: index,
    stop: index + 1,
  };
}

describe('npm run report in a real browser', () => {
  it('writes one file that shows the test count opened from disk, with nothing fetched', async () => {
    const results = join(dir, 'allure-results');
    mkdirSync(results);
    ([1, 2, 3] as const).forEach((i) =>
      writeFileSync(
        join(results, `0c4f7a9e-0000-4000-8000-00000000000${i}-result.json`),
        JSON.stringify(result(i, i === 2 ? 'failed' : 'passed')),
      ),
    );
    const { file, tests } = renderAllureSingleFile(
      dir,
      join(PROJECT_ROOT, 'node_modules', 'allure', 'cli.js'),
    );
    expect(tests).toBe(3);
    // The page is the report: no data, script or style file beside it.
    expect(readdirSync(join(dir, 'allure-report')).filter((f) => /\.(js|css|woff2?)$/.test(f))).toEqual([]);

    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (!/^(file|data|blob):/.test(request.url())) fetched.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    await page.getByText('check 2 [LIM-02]').waitFor({ timeout: 30_000 });
    expect(await page.locator('body').innerText()).toMatch(/Total\s+3\b/);
    expect(fetched).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
