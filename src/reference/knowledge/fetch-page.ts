import { fetch } from 'undici';
import type { FetchedPage } from './deps.ts';

const PAGE_TIMEOUT_MS = 10_000;
const PAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a page could not be had; the route turns it into a 422 naming the reason. */
class PageFetchError extends Error {
  override readonly name = 'PageFetchError';
}

/**
 * GETs `url` with undici, following redirects, giving up after {@link PAGE_TIMEOUT_MS} or past
 * {@link PAGE_MAX_BYTES}. No address is off limits: the sandbox must reach the suite's fixture server
 * on the loopback interface.
 */
export async function fetchPage(url: string, signal: AbortSignal): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(PAGE_TIMEOUT_MS);
  let response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'follow',
      headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' },
    });
  } catch (error) {
    throw new PageFetchError(
      timeout.aborted ? `no answer within ${PAGE_TIMEOUT_MS} ms` : `fetch failed: ${causeOf(error)}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new PageFetchError(`the page answered HTTP ${response.status}`);
  }
  const [mediaType = '', ...params] = (response.headers.get('content-type') ?? '').split(';');
  const bytes = await readCapped(response.body, timeout);
  return { contentType: mediaType.trim().toLowerCase(), body: decode(bytes, charsetOf(params)) };
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  timeout: AbortSignal,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > PAGE_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new PageFetchError(`the page is larger than ${PAGE_MAX_BYTES} bytes`);
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof PageFetchError) throw error;
    throw new PageFetchError(
      timeout.aborted
        ? `no answer within ${PAGE_TIMEOUT_MS} ms`
        : `reading the page failed: ${causeOf(error)}`,
    );
  }
  return Buffer.concat(parts);
}

function charsetOf(params: readonly string[]): string {
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'charset' && value) return value.trim().replace(/^"|"$/g, '');
  }
  return 'utf-8';
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown charset label: UTF-8 is the best guess for the web.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause ?? error.message;
  }
  return String(error);
}
