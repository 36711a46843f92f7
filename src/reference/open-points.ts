import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/*
 * The reference's two personalities. Where API.md leaves a point open ("not shown", "not stated",
 * an order, an unlisted error, a threshold, the timing of a count), the reference must decide, and
 * a conformance check must accept either decision. The default personality decides one way, the
 * alternative the other reasonable way; the whole suite passes on both (the self-test runs both),
 * which is how a check that leans on an open point is found. Every decision is one field below;
 * src/reference/README.md ("Open points: the two personalities") quotes the document's words that
 * leave each one open.
 */

export const OPEN_POINTS_NAMES = ['default', 'alternative'] as const;
export type OpenPointsName = (typeof OPEN_POINTS_NAMES)[number];

export interface OpenPoints {
  name: OpenPointsName;
  /**
   * Order of every list and search: the default's (assistants and plugins newest first; bases,
   * documents and voices in creation or catalog order), or each reversed.
   */
  listOrder: 'default' | 'reversed';
  /** Query results of equal score: earlier chunk first, or later first. */
  queryTies: 'document-order' | 'reverse-order';
  /** Query `score`: the raw BM25 score, or squashed into (0, 1) as s / (1 + s) (same order). */
  queryScore: 'bm25' | 'unit';
  /** `topK` above the documented maximum of 20: clamped, or refused. */
  topKAboveMax: 'clamp' | 'refuse';
  /** Inline-tier documents in query results (they are not vectors: retrieval may skip them). */
  queryInline: boolean;
  /** Status of refusals the Errors table does not list, where the default says 400. */
  unstatedBadRequest: 400 | 422;
  /** Body of refusals whose message the document does not state: `message`, or `error: {code, detail}`. */
  unstatedErrorBody: 'message' | 'nested-error';
  /** Knowledge-base failures: `{status: "error", code, message}` with 404 for an unknown id, or `{status: false, error}` with 400. */
  kbErrors: 'coded-404' | 'plain-400';
  /** Vector tier: chunk size and overlap in characters. */
  chunkTargetChars: number;
  chunkOverlapChars: number;
  /** `mode: auto`: a text at most this long (characters) is kept inline. */
  autoInlineMaxChars: number;
  /** `digestMethod` when an inline text is kept whole / cut. */
  digest: { whole: string; cut: string };
  /** `fileSize` / `totalSize` of pasted text: UTF-8 bytes or characters. */
  textSize: 'utf8-bytes' | 'characters';
  /** How long after an ingest or a delete docsCount, liveSourcesCount, totalSize and stats show it (ms). */
  countDelayMs: number;
  /** Timestamps, ISO 8601 either way: with milliseconds and `Z`, or whole seconds and `+00:00`. */
  timestamps: 'iso-ms-z' | 'iso-seconds-offset';
  /** Assistant search: a substring anywhere (case-insensitive), or at the start of a word. */
  assistantSearch: 'substring' | 'word-prefix';
  /** Plugin search: substring of title, name or human_description, or word prefix of title or name. */
  pluginSearch: 'substring-with-description' | 'word-prefix-title-name';
  /** Fields beyond the documented ones: the default's choice, or the alternative's (more on lists, fewer on get). */
  extraFields: 'default' | 'alternative';
  /** Sorted tags of a plugin list, or in order of first appearance. */
  pluginTags: 'sorted' | 'first-seen';
  /** `totalPages` of an empty assistant result: 0 (ceil(0 / limit)) or 1 (one empty page). */
  emptyTotalPages: 0 | 1;
  /** A plugin list page past the end of a non-empty result: `plugin: []`, or the empty-result shape. */
  pluginPastEnd: 'empty-array' | 'empty-shape';
  /** A repeated attach POST: omitted fields go back to their defaults, or are kept. */
  reattachOmitted: 'reset' | 'keep';
  /** `ret=count`: `{totalPersonas}` alone, or with `currentPage` and `totalPages` (never a `status`: the list has none). */
  countBody: 'total-only' | 'with-paging';
  /** Which Origin header is a browser's: any non-empty one, or only an http(s) origin. */
  browserOrigin: 'any' | 'http-origin';
  /** Success messages where the document gives none (`persona created successfully`, ...), or other words. */
  messages: 'default' | 'alternative';
  /** `autoRefresh.intervalDays`: the whole interval in days, or the days as sent (with `intervalHours` beside it). */
  intervalView: 'total-days' | 'days-and-hours';
  /** Approval status of a new plugin: `pending` when public (else `approved`), or always `approved`. */
  pluginApproval: 'public-pending' | 'approved';
  /** Lengths (`personality`, the Android prompt cap): UTF-16 code units, or code points. */
  lengthUnit: 'utf16' | 'code-points';
  /** `os` of an assistant created without one. */
  defaultOs: readonly ('nt' | 'android' | 'web')[];
  /** Largest page size: none, or larger `limit` values clamped to it. */
  maxPageSize: number;
  /** A bare string on an assistant list field already holding it: not added again, or appended anyway. */
  bareStringAppend: 'distinct' | 'always';
  /** A second share-link mint for one assistant: a new token, or the same one again. */
  shareTokens: 'new-each-time' | 'one-per-assistant';
  /** A re-crawled URL document: kept under its docId, or stored as a new document (a new docId) in its place. */
  recrawledDocId: 'kept' | 'new';
}

export const DEFAULT_OPEN_POINTS: OpenPoints = {
  name: 'default',
  listOrder: 'default',
  queryTies: 'document-order',
  queryScore: 'bm25',
  topKAboveMax: 'clamp',
  queryInline: true,
  unstatedBadRequest: 400,
  unstatedErrorBody: 'message',
  kbErrors: 'coded-404',
  chunkTargetChars: 800,
  chunkOverlapChars: 150,
  autoInlineMaxChars: 2000,
  digest: { whole: 'verbatim', cut: 'truncate' },
  textSize: 'utf8-bytes',
  countDelayMs: 0,
  timestamps: 'iso-ms-z',
  assistantSearch: 'substring',
  pluginSearch: 'substring-with-description',
  extraFields: 'default',
  pluginTags: 'sorted',
  emptyTotalPages: 0,
  pluginPastEnd: 'empty-array',
  reattachOmitted: 'reset',
  countBody: 'total-only',
  browserOrigin: 'any',
  messages: 'default',
  intervalView: 'total-days',
  pluginApproval: 'public-pending',
  lengthUnit: 'utf16',
  defaultOs: ['nt'],
  maxPageSize: Number.MAX_SAFE_INTEGER,
  bareStringAppend: 'distinct',
  shareTokens: 'new-each-time',
  recrawledDocId: 'kept',
};

export const ALTERNATIVE_OPEN_POINTS: OpenPoints = {
  name: 'alternative',
  listOrder: 'reversed',
  queryTies: 'reverse-order',
  queryScore: 'unit',
  topKAboveMax: 'refuse',
  queryInline: false,
  unstatedBadRequest: 422,
  unstatedErrorBody: 'nested-error',
  kbErrors: 'plain-400',
  chunkTargetChars: 500,
  chunkOverlapChars: 0,
  autoInlineMaxChars: 6000,
  digest: { whole: 'full', cut: 'clipped' },
  textSize: 'characters',
  // Well within the suite's patience (its first poll comes 100 ms after the write) (it waits up to --settle, 10 s by default, for counts).
  countDelayMs: 100,
  timestamps: 'iso-seconds-offset',
  assistantSearch: 'word-prefix',
  pluginSearch: 'word-prefix-title-name',
  extraFields: 'alternative',
  pluginTags: 'first-seen',
  emptyTotalPages: 1,
  pluginPastEnd: 'empty-shape',
  reattachOmitted: 'keep',
  countBody: 'with-paging',
  browserOrigin: 'http-origin',
  messages: 'alternative',
  intervalView: 'days-and-hours',
  pluginApproval: 'approved',
  lengthUnit: 'code-points',
  defaultOs: ['nt', 'android', 'web'],
  maxPageSize: 100,
  bareStringAppend: 'always',
  shareTokens: 'one-per-assistant',
  recrawledDocId: 'new',
};

/** The length of `text` in the personality's unit. */
export function lengthOf(text: string): number {
  return openPoints().lengthUnit === 'utf16' ? text.length : [...text].length;
}

/** The first `max` characters of `text`, in the personality's unit. */
export function prefixOf(text: string, max: number): string {
  if (openPoints().lengthUnit === 'utf16' || max === Infinity) return text.slice(0, max);
  return [...text].slice(0, max).join('');
}

/** The personality of that name; undefined for any other name. */
export function openPointsNamed(name: string): OpenPoints | undefined {
  if (name === 'default') return DEFAULT_OPEN_POINTS;
  if (name === 'alternative') return ALTERNATIVE_OPEN_POINTS;
  return undefined;
}

/*
 * Like the HTTP faults (http/faults.ts), the personality reaches the modules through the request's
 * async context: the decision points are plain helpers all over the reference, and threading one
 * more parameter through each would reshape code other changes touch. Outside a request (unit
 * tests of a helper, start-up) the default personality holds. Timers and jobs a request starts
 * (re-crawls) inherit its context.
 */
const requestOpenPoints = new AsyncLocalStorage<OpenPoints>();

/** Runs every route handler of `app` (and its error handler) with `openPoints` in its context. */
export function installOpenPointsContext(app: FastifyInstance, openPoints: OpenPoints): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    requestOpenPoints.run(openPoints, done);
  });
  app.addHook('preHandler', (_request, _reply, done) => {
    requestOpenPoints.run(openPoints, done);
  });
}

/** The personality of the server handling the current request (the default outside one). */
export function openPoints(): OpenPoints {
  return requestOpenPoints.getStore() ?? DEFAULT_OPEN_POINTS;
}

/** Runs `fn` as a request of that personality would (unit tests of the helpers). */
export function withOpenPoints<T>(points: OpenPoints, fn: () => T): T {
  return requestOpenPoints.run(points, fn);
}

/** An ISO 8601 timestamp in the personality's form. */
export function timestamp(date: Date | number): string {
  const iso = new Date(date).toISOString();
  return openPoints().timestamps === 'iso-ms-z' ? iso : `${iso.slice(0, 19)}+00:00`;
}

/** A list in the default personality's order, put in the current one's (a new array). */
export function inListOrder<T>(defaultOrder: readonly T[]): T[] {
  return openPoints().listOrder === 'default' ? [...defaultOrder] : [...defaultOrder].reverse();
}

/** Whether `needle` occurs in `text` at the start of a word (case-insensitive; `_`, `-`, spaces separate words). */
export function matchesWordPrefix(text: string, needle: string): boolean {
  const haystack = text.toLowerCase();
  const wanted = needle.trim().toLowerCase();
  if (wanted === '') return false;
  for (let at = haystack.indexOf(wanted); at !== -1; at = haystack.indexOf(wanted, at + 1)) {
    const before = at === 0 ? '' : haystack[at - 1]!;
    if (before === '' || !/[\p{L}\p{N}]/u.test(before)) return true;
  }
  return false;
}

/** Other words for the success messages the document leaves to the implementation. */
const ALTERNATIVE_MESSAGES: Readonly<Record<string, string>> = {
  'voices fetched': 'OK',
  'no voice matches': 'no results',
  'persona created successfully': 'Persona has been created.',
  'persona updated successfully': 'Persona has been updated.',
  'persona deleted successfully': 'Persona has been deleted.',
  'share link created': 'Share token generated.',
  'plugin created successfully': 'Plugin saved.',
  'plugin updated successfully': 'Plugin changes saved.',
  'plugin deleted successfully': 'Plugin removed.',
  'no plugins found': 'Nothing matched your filters.',
};

/** A success message the document does not state, in the personality's words. */
export function successMessage(text: string): string {
  return openPoints().messages === 'default' ? text : (ALTERNATIVE_MESSAGES[text] ?? `${text}.`);
}
