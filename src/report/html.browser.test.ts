import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../cli/selection.ts';
import { ChildRegistry, runConformanceChild, type ChildRun } from '../selftest/child-run.ts';

/** Debian's chromium package: no browser is downloaded (.ci/run installs the package when missing). */
const CHROMIUM = '/usr/bin/chromium';

const workDir = mkdtempSync(join(tmpdir(), 'report-browser-'));
let browser: Browser | undefined;
let run: ChildRun;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); .ci/run does`,
    );
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
    chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }),
  ]);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('index.html in a real browser', () => {
  it('filters by outcome and text, expands a failure, and is saved as a screenshot', async () => {
    expect(run.exitCode).toBe(1);
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => errors.push(`request ${request.url()}`));
    await page.goto(pathToFileURL(join(run.reportDir, 'index.html')).href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Conformance report');

    // Filter by outcome through its label, as a keyboard or screen-reader user would.
    await page.getByLabel('Outcome').selectOption('failed');
    const shown = page.locator('[data-outcome]:not([hidden])');
    const visible = await Promise.all((await shown.all()).map((item) => item.getAttribute('data-outcome')));
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible)).toEqual(new Set(['failed']));
    expect(await page.getByRole('status').textContent()).toMatch(/^\d+ of \d+ shown$/);

    // Expand the failure: its curl line and the answer are there, the key redacted.
    const failure = page.locator('details.failure').first();
    await failure.locator('summary').click();
    expect(await failure.getAttribute('open')).not.toBeNull();
    const detail = (await failure.locator('pre').textContent()) ?? '';
    expect(detail).toMatch(/Received: 200 \/ Documented: 400/);
    expect(detail).toMatch(/curl -sS -X POST .*svc_ai_…redacted/);

    // Search narrows to one check across every section.
    await page.getByLabel('Outcome').selectOption('');
    await page.getByLabel('Search').fill('fourth-rejected');
    const matches = await shown.count();
    expect(matches).toBeGreaterThan(0);

    await page.getByLabel('Search').fill('');
    await page.getByLabel('Outcome').selectOption('failed');
    mkdirSync(join(PROJECT_ROOT, 'reports'), { recursive: true });
    const screenshot = join(PROJECT_ROOT, 'reports', 'index-html-screenshot.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    expect(existsSync(screenshot)).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
});
