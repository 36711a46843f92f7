/**
 * Sends a run's recorded requests again, raw, with undici and nothing of the harness around them
 * (no schema checks, no recording, no vitest): what is left is the requests' own cost, the
 * baseline against which the harness's overhead is measured.
 */
import { performance } from 'node:perf_hooks';
import { Agent, FormData, request } from 'undici';
import { REDACTED_KEY, REDACTED_SHARE_TOKEN } from '../../src/redact/secrets.ts';
import type { RecordedRequest } from './recording.ts';

/** Where the recording was sent: the path prefix of the base URL, replaced by the replay's. */
const RECORDED_PREFIX = '/api/v1';

export interface ReplayTarget {
  /** `http://127.0.0.1:PORT/api/v1` */
  baseUrl: string;
  /** Stands in for every redacted key: the recording does not say which role's key was used. */
  key: string;
}

export interface ReplayResult {
  wallMs: number;
  /** Each file's replay time (its requests one after the other), summed over the files. */
  summedFileMs: number;
  requests: number;
  /** Answers by class (`2xx`, `4xx` …) and `none` for a request that got no answer. */
  answers: Record<string, number>;
}

function replayUrl(recorded: string, baseUrl: string): string {
  const url = new URL(recorded);
  const rest = `${url.pathname}${url.search}`;
  return rest.startsWith(RECORDED_PREFIX)
    ? `${baseUrl}${rest.slice(RECORDED_PREFIX.length)}`
    : `${new URL(baseUrl).origin}${rest}`;
}

function replayBody(postData: RecordedRequest['postData']): string | FormData | undefined {
  if (postData?.params === undefined) return postData?.text;
  const form = new FormData();
  for (const part of postData.params) {
    // The HAR keeps a file's name and type but not its bytes: a stand-in of a few bytes goes
    // instead, so an upload costs less (and may be refused) on replay.
    if (part.fileName === undefined) form.append(part.name, part.value ?? '');
    else form.append(part.name, new Blob([part.fileName], { type: part.contentType }), part.fileName);
  }
  return form;
}

function replayHeaders(recorded: RecordedRequest, target: ReplayTarget): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of recorded.headers) {
    const lower = name.toLowerCase();
    // undici sets the host and length; a multipart body brings its own boundary.
    if (lower === 'host' || lower === 'content-length') continue;
    if (lower === 'content-type' && recorded.postData?.params !== undefined) continue;
    // A redacted share token is no valid header value (the ellipsis): a made-up token stands in,
    // refused as the checks expect of a share token sent as an API key.
    headers[lower] = value
      .replaceAll(REDACTED_KEY, target.key)
      .replaceAll(REDACTED_SHARE_TOKEN, 'con_sh_replayed');
  }
  return headers;
}

/**
 * Replays `requests` against `target`: a file's requests one after the other in the order they
 * started, `width` files at a time (vitest's worker count, so the replay is as parallel as the run).
 */
export async function replay(
  requests: readonly RecordedRequest[],
  target: ReplayTarget,
  width: number,
): Promise<ReplayResult> {
  const byFile = new Map<string, RecordedRequest[]>();
  for (const r of [...requests].sort((a, b) => a.startMs - b.startMs)) {
    const list = byFile.get(r.file);
    if (list) list.push(r);
    else byFile.set(r.file, [r]);
  }
  // Files in the order the run began them, like vitest's queue.
  const queue = [...byFile.values()];
  const answers: Record<string, number> = {};
  const count = (key: string): void => {
    answers[key] = (answers[key] ?? 0) + 1;
  };
  const dispatcher = new Agent();
  let summedFileMs = 0;

  const runFile = async (file: readonly RecordedRequest[]): Promise<void> => {
    const started = performance.now();
    for (const recorded of file) {
      try {
        const response = await request(replayUrl(recorded.url, target.baseUrl), {
          dispatcher,
          method: recorded.method,
          headers: replayHeaders(recorded, target),
          body: replayBody(recorded.postData) ?? null,
        });
        // Read the whole answer, as the harness does, so the connection is free for the next one.
        await response.body.arrayBuffer();
        count(`${Math.floor(response.statusCode / 100)}xx`);
      } catch {
        count('none');
      }
    }
    summedFileMs += performance.now() - started;
  };

  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, width) }, async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) await runFile(file);
      }),
    );
  } finally {
    await dispatcher.close();
  }
  return { wallMs: performance.now() - started, summedFileMs, requests: requests.length, answers };
}
