/**
 * The pages the suite's fixture web server serves for ingest-url and refresh checks. Checks import
 * the sentences from here to know what an ingested page must contain.
 */
export const ARTICLE = {
  path: '/pages/article.html',
  title: 'Lighthouse Keeping on the Farallon Islands',
  sentences: [
    'The Farallon lighthouse keepers logged every passing schooner in a leather-bound ledger.',
    'Fog signals on the island were powered by a steam whistle fed from a cistern of rainwater.',
    'Keepers rowed supplies ashore from the tender Madroño when the swell allowed a landing.',
  ],
} as const;

/** A page whose text names its revision: each fetch of the same token returns the next revision. */
export const CHANGING = {
  pathFor: (token: string) => `/pages/changing/${encodeURIComponent(token)}.html`,
  title: 'Tide Table Bulletin',
  sentenceFor: (revision: number) =>
    `Bulletin revision ${revision}: the harbour master reports ${revisionWord(revision)} tides at the quay.`,
  wordFor: (revision: number) => revisionWord(revision),
} as const;

/** A page whose content exists only after a script runs; an extractor without a browser sees none of it. */
export const SCRIPT_RENDERED = {
  path: '/pages/script-rendered.html',
  title: 'Rendered by Script',
  hiddenSentence: 'Quokkas photographed on Rottnest Island appear to smile at the camera.',
} as const;

/** A page that answers only after a delay, to show that refresh-now returns before the re-crawl ends. */
export const SLOW = {
  pathFor: (token: string, delayMs: number) =>
    `/pages/slow/${encodeURIComponent(token)}.html?delayMs=${delayMs}`,
  title: 'Slow Page',
  sentence: 'The slow page describes a tortoise crossing the Galápagos highlands at dawn.',
} as const;

/**
 * A page whose fetches a check can hold, to tell whether a response came back while a fetch it
 * caused was still pending (refresh-now "returns as soon as the job is queued"). Fetches are
 * answered at once until the check asks to hold the token; from then on each one waits until the
 * check releases it, or `maxHoldMs` passes. The state path tells how many fetches arrived, were
 * answered, are waiting, or were given up by the fetcher while held.
 */
export const HELD = {
  pathFor: (token: string) => `/pages/held/${encodeURIComponent(token)}.html`,
  /** POST: hold every later fetch of the token. */
  holdPathFor: (token: string) => `/_held/${encodeURIComponent(token)}/hold`,
  /** POST: answer the waiting fetches and stop holding. */
  releasePathFor: (token: string) => `/_held/${encodeURIComponent(token)}/release`,
  /** GET: `HeldState` as JSON. */
  statePathFor: (token: string) => `/_held/${encodeURIComponent(token)}`,
  title: 'Lock Keeper Notices',
  sentence:
    'The lock keeper at Teddington opens the weir gates whenever the river rises above the painted marker.',
  maxHoldMs: 15_000,
} as const;

export interface HeldState {
  holding: boolean;
  received: number;
  answered: number;
  waiting: number;
  /** Held fetches the fetcher closed before they were answered (a timeout on its side). */
  abandoned: number;
}

/** How many times the implementation fetched the pages of a token (changing, slow and held pages): answered fetches. */
export const FETCH_COUNT = {
  pathFor: (token: string) => `/_fetches/${encodeURIComponent(token)}`,
} as const;

const WORDS = [
  'amber',
  'basalt',
  'cobalt',
  'damask',
  'ember',
  'fennel',
  'garnet',
  'hazel',
  'indigo',
  'jasper',
];

function revisionWord(revision: number): string {
  return `${WORDS[revision % WORDS.length]}${Math.floor(revision / WORDS.length) || ''}`;
}
