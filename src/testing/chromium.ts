import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium package: no browser is downloaded (.ci/run installs the package when missing). */
const CHROMIUM = '/usr/bin/chromium';

/** The browser the HTML tests open pages in; a missing package is named, not a stack trace of playwright's. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); .ci/run does`,
    );
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/**
 * The browser of one test file: launched before its tests, closed after them. Call it at the top
 * of the file; the function it returns hands the browser to a test.
 */
export function browserOfFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('the browser has not been launched');
    return browser;
  };
}
