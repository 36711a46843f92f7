import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';
import { bodyOf } from '../http/json.ts';

/**
 * How a title compares with the one asked for under the two reasonable readings of "exact match":
 * `exact` (equal), `case` (equal but for letter case: a case-insensitive exact match), or neither.
 */
export function titleMatch(title: unknown, asked: string): 'exact' | 'case' | undefined {
  if (typeof title !== 'string') return undefined;
  if (title === asked) return 'exact';
  return title.toLowerCase() === asked.toLowerCase() && title.toUpperCase() === asked.toUpperCase()
    ? 'case'
    : undefined;
}

function titlesOf(exchange: Exchange): unknown[] {
  expectResponse(exchange);
  const data = bodyOf(exchange).data;
  if (!Array.isArray(data)) return [];
  return (data as unknown[]).map((voice): unknown =>
    typeof voice === 'object' && voice !== null ? (voice as Record<string, unknown>).title : voice,
  );
}

/**
 * The voices a `title` filter returned all have the title asked for, exactly or but for case (both
 * readings of "exact match" are accepted). A voice whose title merely starts with or contains it
 * fails, and so does a filter that is ignored. Returns whether a voice equal but for case was
 * among them (the case-insensitive reading), for the check to record.
 */
export function expectTitleFilter(exchange: Exchange, asked: string): { caseFolded: boolean } {
  const titles = titlesOf(exchange);
  const stray = titles.filter((t) => titleMatch(t, asked) === undefined);
  if (stray.length > 0) {
    throw new ConformanceFailure(
      `Received: ${stray.length} voice(s) titled ${stray
        .slice(0, 5)
        .map((t) => JSON.stringify(t))
        .join(', ')} for title ${JSON.stringify(asked)} / Documented: title is an exact match`,
      exchange,
    );
  }
  return { caseFolded: titles.some((t) => titleMatch(t, asked) === 'case') };
}
