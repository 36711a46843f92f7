import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../http/exchange.ts';
import { harEntryOf } from '../http/har-entry.ts';

/** A body longer than this is cut in the record of the run: the HAR is for reading, not for replaying a download. */
const BODY_CAP = 16 * 1024;

function capped(text: string | undefined): string | undefined {
  return text === undefined || text.length <= BODY_CAP
    ? text
    : `${text.slice(0, BODY_CAP)}… (cut at ${BODY_CAP} characters)`;
}

/** The exchange as the record of the run keeps it: bodies capped, the parsed JSON (a copy of the text) left out. */
function recorded(exchange: Exchange): Exchange {
  const { response } = exchange;
  return {
    ...exchange,
    request: {
      ...exchange.request,
      ...(exchange.request.jsonBody !== undefined ? { jsonBody: capped(exchange.request.jsonBody) } : {}),
    },
    response:
      response === undefined
        ? undefined
        : { ...response, text: capped(response.text) ?? '', json: undefined },
  };
}

/**
 * The log this thread appends to, kept open: a run logs thousands of exchanges, and opening the
 * file for each cost more than writing the line. One directory at a time (a process may run
 * several runs one after the other, each with its own directory).
 */
let open: { dir: string; fd: number } | undefined;

function logFd(dir: string): number {
  if (open?.dir === dir) return open.fd;
  if (open !== undefined) closeSync(open.fd);
  mkdirSync(dir, { recursive: true });
  // Every worker thread of the process appends to the same file; O_APPEND keeps each line whole.
  open = { dir, fd: openSync(join(dir, `${process.pid}.jsonl`), 'a') };
  return open.fd;
}

/**
 * Appends a finished exchange (already redacted by the client) to this process's log under `dir`
 * as a line `endedAt TAB startedAt TAB "check" TAB {HAR entry}`: the CLI joins the logs into
 * exchanges.har after the run without parsing an entry (src/report/har.ts).
 */
export function logExchange(dir: string, check: string, exchange: Exchange): void {
  const endedAt = Date.now();
  const entry = harEntryOf(check, endedAt, recorded(exchange));
  const line = `${endedAt}\t${endedAt - exchange.durationMs}\t${JSON.stringify(check)}\t${JSON.stringify(entry)}\n`;
  writeSync(logFd(dir), line);
}
