import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoggedExchange } from '../harness/exchange-log.ts';
import type { Redactor } from '../http/redact.ts';
import type { SuiteVersion } from './suite-version.ts';

function headerList(headers: Record<string, string>): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function mimeOf(headers: Record<string, string>): string {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

function entryOf({ check, endedAt, exchange }: LoggedExchange): Record<string, unknown> {
  const { request, response } = exchange;
  const url = new URL(request.url);
  const postData =
    request.jsonBody !== undefined
      ? { mimeType: 'application/json', text: request.jsonBody }
      : request.multipart !== undefined
        ? {
            mimeType: 'multipart/form-data',
            params: request.multipart.map((part) => ({
              name: part.name,
              ...('value' in part
                ? { value: part.value }
                : { fileName: part.filename, contentType: part.contentType }),
            })),
          }
        : undefined;
  return {
    pageref: check,
    startedDateTime: new Date(endedAt - exchange.durationMs).toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: request.jsonBody?.length ?? -1,
    },
    response: {
      status: response?.status ?? 0,
      statusText: response ? '' : (exchange.error ?? 'no response'),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: {
        size: response?.text.length ?? 0,
        mimeType: mimeOf(response?.headers ?? {}),
        text: response?.text ?? '',
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: response?.text.length ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    comment: exchange.label,
  };
}

/** The logged exchanges of the run, every worker's, in the order they ended. */
function readLogs(dir: string): LoggedExchange[] {
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
        .map((line) => JSON.parse(line) as LoggedExchange),
    )
    .sort((a, b) => a.endedAt - b.endedAt);
}

/**
 * Joins the workers' exchange logs into one HAR 1.2 file (a page per check, named by its id) that
 * any HAR viewer opens, redacted once more as a whole, and removes the logs.
 */
export function writeHar(logDir: string, harFile: string, redact: Redactor, suite: SuiteVersion): number {
  const logged = readLogs(logDir);
  const pages = [...new Map(logged.map((l) => [l.check, l])).values()].map((l) => ({
    id: l.check,
    title: l.check,
    startedDateTime: new Date(l.endedAt - l.exchange.durationMs).toISOString(),
    pageTimings: {},
  }));
  const har = {
    log: {
      version: '1.2',
      creator: {
        name: 'assistant-api-conformance',
        version: suite.commit ? `${suite.version}+${suite.commit.slice(0, 12)}` : suite.version,
      },
      pages,
      entries: logged.map(entryOf),
    },
  };
  writeFileSync(harFile, redact(JSON.stringify(har, null, 1)));
  rmSync(logDir, { recursive: true, force: true });
  return logged.length;
}
