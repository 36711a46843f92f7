import type { FetchedPage } from './deps.ts';
import { htmlToText, normalizeWhitespace, type PageText } from './html-text.ts';

/** Why a fetched page holds nothing this module can read; the route answers 422. */
export class UnreadablePageError extends Error {
  override readonly name = 'UnreadablePageError';
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The text of a fetched page: HTML through Readability, any other `text/*` as it is. */
export async function pageText(page: FetchedPage): Promise<PageText> {
  const type = page.contentType || sniff(page.body);
  if (HTML_TYPES.has(type)) return htmlToText(page.body);
  if (type.startsWith('text/')) return { title: '', text: normalizeWhitespace(page.body) };
  throw new UnreadablePageError(`the page is ${type}, not HTML or text`);
}

function sniff(body: string): string {
  return /^\s*</.test(body) ? 'text/html' : 'text/plain';
}
