/**
 * `npm run report [DIR]`: a run's allure-results as one HTML file that opens from disk. DIR is the
 * report directory (default: the one a run uses, CONFORMANCE_REPORT_DIR or reports/). Bad input is
 * one line and exit 2.
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/project-root.ts';
import { renderAllureSingleFile } from '../src/report/allure-single-file.ts';
import { ConfigError } from '../src/target/config-error.ts';
import { targetOptions } from '../src/target/config.ts';

const USAGE =
  'usage: npm run report [DIR]   (DIR: a report directory, default CONFORMANCE_REPORT_DIR or reports)';

function main(argv: readonly string[]): number {
  // npm runs scripts in the project root; a relative DIR means the directory the person was in.
  if (process.env.INIT_CWD !== undefined) process.chdir(process.env.INIT_CWD);
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    if (argv[0] === '--help' || argv[0] === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    process.stderr.write(
      `report: ${argv.length > 1 ? 'one directory at most' : `unknown option ${argv[0]}`}\n${USAGE}\n`,
    );
    return 2;
  }
  const { reportDir } = targetOptions(argv[0] === undefined ? {} : { reportDir: argv[0] }, process.env);
  try {
    const { file, tests } = renderAllureSingleFile(
      reportDir,
      join(PROJECT_ROOT, 'node_modules', 'allure', 'cli.js'),
    );
    process.stdout.write(`report: ${tests} test(s) in ${file} (one file, opens from disk)\n`);
    return 0;
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `failed: ${(error as Error).message}`;
    process.stderr.write(`report: ${message}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
