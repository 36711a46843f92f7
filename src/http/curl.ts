import type { Exchange } from './exchange.ts';

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Limits a long body so a failure message stays readable. */
function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length - max} more characters)`;
}

/**
 * The request as a curl command a person can paste to reproduce it. Headers come from the recording,
 * which already carries the redacted key.
 */
export function toCurl(exchange: Exchange, maxBody = 2000): string {
  const { request } = exchange;
  const parts = ['curl', '-sS', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    // curl sets the multipart boundary itself.
    if (request.multipart && name.toLowerCase() === 'content-type') continue;
    parts.push('-H', quote(`${name}: ${value}`));
  }
  if (request.jsonBody !== undefined) parts.push('--data-raw', quote(excerpt(request.jsonBody, maxBody)));
  for (const part of request.multipart ?? []) {
    if ('filename' in part)
      parts.push('-F', quote(`${part.name}=@${part.filename};type=${part.contentType}`));
    else parts.push('-F', quote(`${part.name}=${part.value}`));
  }
  return parts.join(' ');
}

/** The response status and a body excerpt, for failure messages. */
export function describeResponse(exchange: Exchange, maxBody = 600): string {
  if (!exchange.response) return `no response: ${exchange.error ?? 'unknown error'}`;
  const body =
    exchange.response.text.length === 0 ? '(empty body)' : excerpt(exchange.response.text, maxBody);
  return `HTTP ${exchange.response.status} ${body}`;
}
