import type { Exchange } from './exchange.ts';

function headerList(headers: Record<string, string>): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function mimeOf(headers: Record<string, string>): string {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

/**
 * One exchange as a HAR 1.2 entry. Built in the worker that made the request, so that joining a
 * run's thousands of exchanges into exchanges.har is a matter of concatenating lines.
 */
export function harEntryOf(check: string, endedAt: number, exchange: Exchange): Record<string, unknown> {
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
