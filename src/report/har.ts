import { closeSync, openSync, readdirSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../redact/secrets.ts';
import type { SuiteVersion } from './suite-version.ts';

/**
 * Where one line of a worker's exchange log (src/harness/exchange-log.ts) is, with what orders and
 * groups it; its HAR entry stays on disk until it is written out.
 */
interface LogLine {
  endedAt: number;
  startedAt: number;
  check: string;
  /** The log file's index in the run's list, and the entry's place in it, in bytes. */
  file: number;
  entryStart: number;
  entryLength: number;
}

const TAB = 0x09;
const NEWLINE = 0x0a;
/** What a log is read by at a time, and what the HAR is written by: a run's exchanges are never held whole. */
const CHUNK_BYTES = 1024 * 1024;

/** Calls `onLine(buffer, start, end, offsetOfStart)` for every non-empty line of the file, reading it a chunk at a time. */
function eachLine(
  fd: number,
  onLine: (buffer: Buffer, start: number, end: number, offset: number) => void,
): void {
  let buffer = Buffer.alloc(CHUNK_BYTES);
  let held = 0; // bytes of an unfinished line at the buffer's start
  let offset = 0; // the file offset of buffer[0]
  for (;;) {
    if (held === buffer.length) {
      // A line longer than the buffer (a HAR entry is capped at a few tens of kB, but a log is data).
      const larger = Buffer.alloc(buffer.length * 2);
      buffer.copy(larger, 0, 0, held);
      buffer = larger;
    }
    const read = readSync(fd, buffer, held, buffer.length - held, offset + held);
    const filled = held + read;
    let start = 0;
    for (
      let end = buffer.indexOf(NEWLINE, start);
      end !== -1 && end < filled;
      end = buffer.indexOf(NEWLINE, start)
    ) {
      if (end > start) onLine(buffer, start, end, offset + start);
      start = end + 1;
    }
    if (read === 0) {
      if (filled > start) onLine(buffer, start, filled, offset + start);
      return;
    }
    buffer.copy(buffer, 0, start, filled);
    held = filled - start;
    offset += start;
  }
}

/** The places of a log's lines: `endedAt TAB startedAt TAB "check" TAB {entry}`. */
function indexLog(path: string, file: number, into: LogLine[]): void {
  const fd = openSync(path, 'r');
  try {
    eachLine(fd, (buffer, start, end, offset) => {
      // JSON text holds no raw tab (JSON.stringify escapes it), so a line splits at its first three.
      const first = buffer.indexOf(TAB, start);
      const second = first === -1 ? -1 : buffer.indexOf(TAB, first + 1);
      const third = second === -1 ? -1 : buffer.indexOf(TAB, second + 1);
      if (third === -1 || third >= end) return;
      into.push({
        endedAt: Number(buffer.toString('latin1', start, first)),
        startedAt: Number(buffer.toString('latin1', first + 1, second)),
        check: JSON.parse(buffer.toString('utf8', second + 1, third)) as string,
        file,
        entryStart: offset + (third + 1 - start),
        entryLength: end - third - 1,
      });
    });
  } finally {
    closeSync(fd);
  }
}

/** The run's exchange logs, and where each of their lines is, in the order the exchanges ended. */
function indexLogs(dir: string): { paths: string[]; lines: LogLine[] } {
  let paths: string[];
  try {
    paths = readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(dir, name));
  } catch {
    return { paths: [], lines: [] };
  }
  const lines: LogLine[] = [];
  paths.forEach((path, file) => indexLog(path, file, lines));
  // Stable: lines that ended in one millisecond keep their order in the log.
  return { paths, lines: lines.sort((a, b) => a.endedAt - b.endedAt) };
}

/** Writes text to a file through a buffer of CHUNK_BYTES. */
class ChunkedWriter {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly fd: number) {}

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_BYTES) this.flush();
  }

  flush(): void {
    const bytes = Buffer.from(this.parts.join(''), 'utf8');
    for (let written = 0; written < bytes.length;)
      written += writeSync(this.fd, bytes, written, bytes.length - written);
    this.parts = [];
    this.size = 0;
  }
}

/**
 * Joins the workers' exchange logs into one HAR 1.2 file (a page per check, named by its id, from
 * its first exchange) that any HAR viewer opens, each entry redacted once more, and removes the
 * logs. The entries are the workers' text, one per line: nothing is parsed again, and each is read
 * from its log as it is written out, so the run's exchanges are never in memory at once.
 */
export function writeHar(logDir: string, harFile: string, redact: Redactor, suite: SuiteVersion): number {
  const { paths, lines } = indexLogs(logDir);
  const firstOfCheck = new Map<string, LogLine>();
  for (const line of lines) if (!firstOfCheck.has(line.check)) firstOfCheck.set(line.check, line);
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
  const logs = paths.map((path) => openSync(path, 'r'));
  const out = openSync(harFile, 'w');
  try {
    const writer = new ChunkedWriter(out);
    writer.write(`{"log":${head},"entries":[\n`);
    let entry = Buffer.alloc(64 * 1024);
    lines.forEach((line, index) => {
      if (entry.length < line.entryLength) entry = Buffer.alloc(line.entryLength);
      readSync(logs[line.file] as number, entry, 0, line.entryLength, line.entryStart);
      writer.write(`${index === 0 ? '' : ',\n'}${redact(entry.toString('utf8', 0, line.entryLength))}`);
    });
    writer.write('\n]}}\n');
    writer.flush();
  } finally {
    closeSync(out);
    for (const fd of logs) closeSync(fd);
  }
  rmSync(logDir, { recursive: true, force: true });
  return lines.length;
}
