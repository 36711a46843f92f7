import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../redact/secrets.ts';
import type { SuiteVersion } from './suite-version.ts';

/** A line of a worker's exchange log (src/harness/exchange-log.ts), its entry left as text. */
interface LogLine {
  endedAt: number;
  startedAt: number;
  check: string;
  entry: string;
}

function parseLine(line: string): LogLine {
  // JSON text holds no raw tab (JSON.stringify escapes it), so a line splits into its four fields.
  const [endedAt, startedAt, check, entry] = line.split('\t');
  return {
    endedAt: Number(endedAt),
    startedAt: Number(startedAt),
    check: JSON.parse(check ?? '""') as string,
    entry: entry ?? '{}',
  };
}

/** The logged exchanges of the run, every worker's, in the order they ended. */
function readLogs(dir: string): LogLine[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return files
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map(parseLine),
    )
    .sort((a, b) => a.endedAt - b.endedAt);
}

/**
 * Joins the workers' exchange logs into one HAR 1.2 file (a page per check, named by its id, from
 * its first exchange) that any HAR viewer opens, each entry redacted once more, and removes the
 * logs. The entries are the workers' text, one per line: nothing is parsed again.
 */
export function writeHar(logDir: string, harFile: string, redact: Redactor, suite: SuiteVersion): number {
  const logged = readLogs(logDir);
  const firstOfCheck = new Map<string, LogLine>();
  for (const line of logged) if (!firstOfCheck.has(line.check)) firstOfCheck.set(line.check, line);
  const pages = [...firstOfCheck.values()].map((line) => ({
    id: line.check,
    title: line.check,
    startedDateTime: new Date(line.startedAt).toISOString(),
    pageTimings: {},
  }));
  const creator = {
    name: 'assistant-api-conformance',
    version: suite.commit ? `${suite.version}+${suite.commit.slice(0, 12)}` : suite.version,
  };
  const head = redact(JSON.stringify({ version: '1.2', creator, pages })).slice(0, -1);
  const entries = logged.map((line) => redact(line.entry)).join(',\n');
  writeFileSync(harFile, `{"log":${head},"entries":[\n${entries}\n]}}\n`);
  rmSync(logDir, { recursive: true, force: true });
  return logged.length;
}
