import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCompare } from '../cli/compare.ts';
import { buildSummary, type SummaryCheck } from '../report/summary.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { browserOfFile } from '../testing/chromium.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';

const { dir } = scratchFolder('compare-browser-');
const browser = browserOfFile();

function check(
  id: string,
  requirement: string,
  outcome: SummaryCheck['outcome'],
  value?: string,
): SummaryCheck {
  return {
    id,
    requirements: [requirement],
    status: outcome === 'failed' ? 'failed' : 'passed',
    outcome,
    title: id,
    file: 'suites/limits/x.test.ts',
    ...(value !== undefined ? { observations: [{ requirement, value }] } : {}),
  };
}

/** Two runs of one target started in the same minute: their default titles would be equal. */
function writeRun(name: string, checks: SummaryCheck[]): string {
  const runDir = join(dir, name);
  mkdirSync(runDir);
  const summary = buildSummary({
    target: 'http://127.0.0.1:8080/api/v1',
    startedAt: new Date('2026-11-27T08:31:00.000Z'),
    durationMs: 1,
    checks,
    harnessErrors: [],
  });
  writeFileSync(join(runDir, 'summary.json'), JSON.stringify(summary));
  return runDir;
}

describe('conformance compare --out in a real browser', () => {
  it('titles columns apart, opens with the matrix, and shows a requirement on hover and in a disclosure', async () => {
    const base = writeRun('base', [
      check('x.limit', 'LIM-02', 'passed'),
      check('x.legacy', 'AUTH-19', 'observed', 'HTTP 403'),
    ]);
    const head = writeRun('head', [
      check('x.limit', 'LIM-02', 'failed'),
      check('x.legacy', 'AUTH-19', 'observed', 'HTTP 200'),
    ]);
    const file = join(dir, 'compare.html');
    let markdown = '';
    expect(runCompare([base, head, '--differences', '--out', file], (text) => (markdown += text))).toBe(0);
    expect(markdown).toContain('| section | http://127.0.0.1:8080/api/v1 2026-11-27 08:31 UTC (run 1) |');

    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) fetched.push(request.url());
    });
    await page.goto(pathToFileURL(file).href);

    const titles = await page.locator('#matrix th.run').allTextContents();
    expect(titles).toHaveLength(2);
    expect(new Set(titles).size).toBe(2);
    const matrix = await page.locator('#matrix').boundingBox();
    expect(matrix?.y ?? 800).toBeLessThan(800);
    expect(await page.locator('#matrix tr', { hasText: 'Limits' }).textContent()).toMatch(/✓ 1.*✗ 1/);

    // Only the differing rows, each cell a mark and the value; the whole on hover.
    const rows = page.locator('tr.differs');
    expect(await rows.locator('th').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^LIM-02/), expect.stringMatching(/^AUTH-19/)]),
    );
    const legacy = page.locator('tr.differs', { hasText: 'AUTH-19' });
    expect(await legacy.locator('td').allTextContents()).toEqual(['✓ HTTP 403', '✓ HTTP 200']);
    const text = loadCatalog().requirements.find((r) => r.id === 'AUTH-19')?.text ?? '';
    expect(await legacy.locator('th').getAttribute('title')).toBe(text);
    const disclosure = legacy.locator('th details');
    expect(await disclosure.getAttribute('open')).toBeNull();
    await disclosure.locator('summary').click();
    expect(await disclosure.getAttribute('open')).not.toBeNull();
    expect(await disclosure.textContent()).toContain(text.slice(0, 30));

    // A link of the matrix leads to its section's table.
    await page.locator('#matrix a', { hasText: 'Limits' }).click();
    expect(new URL(page.url()).hash).toBe('#section-limits');
    expect(fetched).toEqual([]);
  }, 60_000);
});
