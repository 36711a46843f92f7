import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../target/config-error.ts';
import { summaryProblem } from './summary-schema.ts';
import type { Summary } from './summary.ts';

/**
 * The summary of a finished run, given as its report directory or its summary.json. Anything that
 * is not one (missing, unreadable, not JSON, not matching docs/summary.schema.json) is a
 * ConfigError naming the path and the first problem: `diff`, `compare`, `merge` and `expectations`
 * print it as one line and exit 2.
 */
export function readRun(path: string): Summary {
  let file = path;
  try {
    if (statSync(path).isDirectory()) file = join(path, 'summary.json');
  } catch {
    throw new ConfigError(`${path}: no such report directory or summary.json`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${file}: ${code === undefined ? 'not JSON' : `cannot be read (${code})`}`);
  }
  const problem = summaryProblem(parsed);
  if (problem !== undefined)
    throw new ConfigError(`${file}: not a conformance summary (docs/summary.schema.json): ${problem}`);
  return parsed as Summary;
}
