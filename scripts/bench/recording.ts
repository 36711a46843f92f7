/**
 * Reads what a run recorded (README "Reports"): exchanges.har for the requests and their times,
 * summary.json for the check file behind each HAR page (a page is named by its check's id).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TimedRequest } from './har-chains.ts';

interface HarHeader {
  name: string;
  value: string;
}

/** A multipart part as src/report/har.ts writes it: a value, or a file's name without its bytes. */
interface HarParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

interface HarEntry {
  pageref: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    headers: HarHeader[];
    postData?: { mimeType: string; text?: string; params?: HarParam[] };
  };
}

interface HarFile {
  log: { entries: HarEntry[] };
}

interface SummaryFile {
  checks: { id: string; file: string; status: string; message?: string }[];
}

export interface RecordedRequest extends TimedRequest {
  method: string;
  url: string;
  headers: HarHeader[];
  postData: HarEntry['request']['postData'];
}

export interface Recording {
  requests: RecordedRequest[];
  /** Check files that made at least one request. */
  files: number;
  /** HAR pages with no check of that id in summary.json: their requests count as a file of their own. */
  unmappedPages: number;
  /** From the first request's start to the last one's end. */
  spanMs: number;
}

async function readJson<T>(file: string): Promise<T> {
  // Both files are written by this project's run (src/report), so their shape is known.
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/**
 * The failed checks of a run, each as its id and the first lines of its message (already redacted
 * by the run): a timed run that failed says why before its reports go with the bench's files.
 */
export async function failedChecks(reportDir: string): Promise<string[]> {
  const summary = await readJson<SummaryFile>(join(reportDir, 'summary.json'));
  return summary.checks
    .filter((check) => check.status === 'failed')
    .map((check) => `${check.id}: ${(check.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
}

export async function readRecording(reportDir: string): Promise<Recording> {
  const har = await readJson<HarFile>(join(reportDir, 'exchanges.har'));
  const summary = await readJson<SummaryFile>(join(reportDir, 'summary.json'));
  const fileOf = new Map(summary.checks.map((check) => [check.id, check.file]));
  const unmapped = new Set<string>();
  const requests = har.log.entries.map((entry): RecordedRequest => {
    const file = fileOf.get(entry.pageref);
    if (file === undefined) unmapped.add(entry.pageref);
    const startMs = Date.parse(entry.startedDateTime);
    return {
      file: file ?? `page ${entry.pageref}`,
      startMs,
      endMs: startMs + entry.time,
      method: entry.request.method,
      url: entry.request.url,
      headers: entry.request.headers,
      postData: entry.request.postData,
    };
  });
  return {
    requests,
    files: new Set(requests.map((r) => r.file)).size,
    unmappedPages: unmapped.size,
    spanMs:
      requests.reduce((last, r) => Math.max(last, r.endMs), Number.NEGATIVE_INFINITY) -
      requests.reduce((first, r) => Math.min(first, r.startMs), Number.POSITIVE_INFINITY),
  };
}
