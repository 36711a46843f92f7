import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../target/config-error.ts';

/**
 * Allure's awesome template always adds Google's tag manager (its `analyticsEnable` is hard-wired
 * on in 3.18, and ALLURE_NO_ANALYTICS only reaches the allure2 plugin): a report opened from disk
 * would ask a third party for a script and tell it the report was opened. Both of its script
 * elements are removed.
 */
const ANALYTICS =
  /\s*<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\('config'[^<]*<\/script>/;

/** Script or style elements that would fetch from the network once the file is opened. */
const REMOTE_RESOURCE = /<(script|link)\b[^>]*\s(src|href)="https?:/i;

export function withoutAnalytics(html: string): string {
  return html.replace(ANALYTICS, '');
}

function resultFiles(resultsDir: string): number {
  try {
    if (!statSync(resultsDir).isDirectory()) throw new Error('not a directory');
    return readdirSync(resultsDir).filter((name) => name.endsWith('-result.json')).length;
  } catch {
    throw new ConfigError(`${resultsDir}: no allure-results directory (run the suite first)`);
  }
}

/**
 * A report directory's allure-results rendered by the allure package of package.json (Allure 3,
 * its awesome plugin in single-file mode) into `allure-report/index.html`: one file, scripts and
 * styles and data inlined, that opens from disk with nothing fetched. Returns the file and the
 * number of tests Allure counted.
 */
export function renderAllureSingleFile(
  reportDir: string,
  allureCli: string,
): { file: string; tests: number } {
  const resultsDir = join(reportDir, 'allure-results');
  if (resultFiles(resultsDir) === 0)
    throw new ConfigError(`${resultsDir}: holds no Allure result (run the suite first)`);
  const output = join(reportDir, 'allure-report');
  const run = spawnSync(
    process.execPath,
    [allureCli, 'awesome', resultsDir, '--single-file', '--output', output, '--name', 'Conformance run'],
    {
      cwd: reportDir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ALLURE_NO_ANALYTICS: 'true' },
    },
  );
  if (run.status !== 0) {
    const said = `${run.stderr}\n${run.stdout}`.trim().split('\n')[0] ?? '';
    throw new ConfigError(`allure could not render ${resultsDir}: ${said || `exit ${run.status}`}`);
  }
  const file = join(output, 'index.html');
  const html = withoutAnalytics(readFileSync(file, 'utf8'));
  if (REMOTE_RESOURCE.test(html))
    throw new ConfigError(`${file}: Allure's page still fetches a remote resource; it is not self-contained`);
  writeFileSync(file, html);
  const summaryFile = join(output, 'summary.json');
  const stats = existsSync(summaryFile)
    ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as { stats?: { total?: number } }).stats
    : undefined;
  return { file, tests: stats?.total ?? 0 };
}
