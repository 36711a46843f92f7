import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { ChildRegistry, runConformanceChild, type ChildRun } from '../selftest/child-run.ts';
import { launchChromium } from '../testing/chromium.ts';

const workDir = mkdtempSync(join(tmpdir(), 'report-browser-'));
let browser: Browser | undefined;
let run: ChildRun;

beforeAll(async () => {
  // A run with a failure, passes, observations: the three-base limit broken in the reference.
  [run, browser] = await Promise.all([
    runConformanceChild({
      root: PROJECT_ROOT,
      args: [],
      request: {
        faults: ['kb.attach-no-limit'],
        files: ['suites/limits/attachments.test.ts', 'suites/voices/voice-catalog.test.ts'],
      },
      reportDir: join(workDir, 'run'),
      timeoutMs: 120_000,
      registry: new ChildRegistry(),
    }),
    launchChromium(),
  ]);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('index.html in a real browser', () => {
  it('shows the verdict and the area table without scrolling, and links every failure from them', async () => {
    expect(run.exitCode).toBe(1);
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`request ${request.url()}`));
    await page.goto(pathToFileURL(join(run.reportDir, 'index.html')).href);

    const verdict = page.locator('#verdict');
    expect(await verdict.textContent()).toMatch(
      /^Not conformant: \d+ failures? in \d+ requirements? · .* · exit 1$/,
    );
    for (const glance of [verdict, page.locator('#areas')]) {
      const box = await glance.boundingBox();
      expect(box, 'rendered').not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
    }
    // Into the test's own directory: the project's reports/ is where a person's runs write theirs.
    const screenshot = await page.screenshot({ path: join(workDir, 'index-html.png'), fullPage: false });
    expect(screenshot.subarray(1, 4).toString('latin1')).toBe('PNG');

    // Each failure sits under a section heading that the verdict or the area table links to.
    const failures = page.locator('details.failure');
    expect(await failures.count()).toBeGreaterThan(0);
    const links = await Promise.all(
      (await page.locator('#verdict a, #areas a').all()).map((a) => a.getAttribute('href')),
    );
    for (const failure of await failures.all()) {
      const heading = await failure.locator('xpath=preceding-sibling::h3[1]').getAttribute('id');
      expect(links).toContain(`#${heading}`);
      await page.locator(`#areas a[href="#${heading}"]`).first().click();
      const box = await failure.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(box?.y ?? 800).toBeLessThan(800);
      expect(new URL(page.url()).hash).toBe(`#${heading}`);
    }

    // A failure shows its curl line and the answer, the key redacted.
    const detail = (await failures.first().locator('pre').textContent()) ?? '';
    expect(await failures.first().getAttribute('open')).not.toBeNull();
    expect(detail).toMatch(/Received: 200 \/ Documented: 400/);
    expect(detail).toMatch(/curl -sS -X POST .*svc_ai_…redacted/);

    // Filter by outcome through its label, as a keyboard or screen-reader user would.
    await page.getByLabel('Outcome').selectOption('failed');
    const shown = page.locator('[data-outcome]:not([hidden])');
    const visible = await Promise.all((await shown.all()).map((item) => item.getAttribute('data-outcome')));
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible)).toEqual(new Set(['failed']));
    expect(await page.getByRole('status').textContent()).toMatch(/^\d+ of \d+ shown$/);
    // The collapsed sections holding a match open while the filter is on, and close after it.
    const requirementRow = page.locator('details.group tr[data-outcome="failed"]').first();
    expect(await requirementRow.isVisible()).toBe(true);
    await page.getByLabel('Outcome').selectOption('');
    expect(await requirementRow.isVisible()).toBe(false);

    // Search narrows to one check across every section.
    await page.getByLabel('Search').fill('fourth-rejected');
    expect(await shown.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
