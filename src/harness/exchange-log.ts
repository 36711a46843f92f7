import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../http/exchange.ts';

/** A body longer than this is cut in the record of the run: the HAR is for reading, not for replaying a download. */
const BODY_CAP = 16 * 1024;

function capped(text: string | undefined): string | undefined {
  return text === undefined || text.length <= BODY_CAP
    ? text
    : `${text.slice(0, BODY_CAP)}… (cut at ${BODY_CAP} characters)`;
}

/** One line of an exchange log: which check made the request, when it ended, and the exchange. */
export interface LoggedExchange {
  check: string;
  endedAt: number;
  exchange: Exchange;
}

/**
 * Appends a finished exchange (already redacted by the client) to this worker's log under `dir`;
 * the CLI joins the logs into exchanges.har after the run. Bodies are capped.
 */
export function logExchange(dir: string, check: string, exchange: Exchange): void {
  const { response } = exchange;
  const entry: LoggedExchange = {
    check,
    endedAt: Date.now(),
    exchange: {
      ...exchange,
      request: {
        ...exchange.request,
        ...(exchange.request.jsonBody !== undefined ? { jsonBody: capped(exchange.request.jsonBody) } : {}),
      },
      // The parsed JSON repeats the text; the HAR needs the text only.
      response:
        response === undefined
          ? undefined
          : { ...response, text: capped(response.text) ?? '', json: undefined },
    },
  };
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}
