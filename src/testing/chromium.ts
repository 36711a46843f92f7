import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
