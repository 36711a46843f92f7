/** What a key looks like in any output of the suite. */
export const REDACTED_KEY = 'svc_ai_…redacted';

/** What a share-link token looks like in any output of the suite. */
export const REDACTED_SHARE_TOKEN = 'con_sh_…redacted';

/**
 * The shortest key the suite accepts. A shorter one (`k`, `0`) occurs by chance in ordinary text,
 * so hiding it would mangle every report and line printed, and it could not be hidden reliably.
 */
export const MIN_SECRET_LENGTH = 8;

const KEY_PREFIX = 'svc_ai_';
const SHARE_TOKEN_PREFIX = 'con_sh_';

// Anything shaped like an API key is hidden even when the keyring does not know it (a key echoed
// back by an implementation, a key from another tool's environment).
const KEY_SHAPE = /svc_ai_[A-Za-z0-9._~+/=-]+/g;

// A share-link token (API.md: "a token beginning con_sh_") lets anyone talk to an assistant: it is
// a secret too, wherever it is seen, though the suite never knows it in advance.
const SHARE_TOKEN_SHAPE = /con_sh_[A-Za-z0-9._~+/=-]+/g;

/** A character after a prefix that the shapes above take as still part of the token. */
const TOKEN_CHARACTER = /[A-Za-z0-9._~+/=-]/;

/**
 * Where the run of token characters that ends `text` starts. Scanned from the end, one character
 * at a time: the regular expression /[…]*$/ tries again from every position of a long run that a
 * newline ends (a base64 body printed whole), which took seconds for 64 kB on the main thread.
 */
function startOfTrailingToken(text: string): number {
  let start = text.length;
  while (start > 0 && TOKEN_CHARACTER.test(text[start - 1] as string)) start -= 1;
  return start;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A secret as it can appear in recorded text: itself, escaped inside a JSON string (a key echoed
 * in a response body), and percent-encoded (a key in a URL).
 */
function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/**
 * Share tokens met during the run whose shape gives them away to nobody (an implementation that
 * mints them without the documented `con_sh_`): hidden from then on by every redactor of this
 * process that hides share tokens.
 */
const learnedTokens = new Set<string>();

/** Remembers a share token seen in an answer, whatever its shape (too short to hide reliably: ignored). */
export function learnShareToken(token: string): void {
  if (token.length >= MIN_SECRET_LENGTH && !token.startsWith('con_sh_')) learnedTokens.add(token);
}

/** Every spelling of the secrets, longest first (so that a longer secret wins over its own start). */
function spellingsOf(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((s) => s.length > 0).flatMap(spellings))].sort(
    (a, b) => b.length - a.length,
  );
}

function patternOf(known: readonly string[]): RegExp | undefined {
  return known.length > 0 ? new RegExp(known.map(escapeRegExp).join('|'), 'g') : undefined;
}

/** What a redactor hides, as a stream written in pieces needs to know it (see `unfinishedAt`). */
interface Hidden {
  /** Every spelling of every secret known, longest first. */
  readonly known: readonly string[];
  /** What a token of a hidden shape starts with. */
  readonly prefixes: readonly string[];
  /** Every pattern the redactor replaces. */
  readonly patterns: readonly RegExp[];
}

/** Where the end of `text` starts to be a proper start of a known secret or of a shaped token. */
function startOfUnfinished(text: string, { known, prefixes }: Hidden): number {
  let at = text.length;
  const tokenRun = startOfTrailingToken(text);
  for (const prefix of prefixes) {
    // A token whose prefix is in the trailing run of token characters may go on in the next write.
    const whole = text.indexOf(prefix, tokenRun);
    if (whole !== -1) at = Math.min(at, whole);
    for (let start = Math.max(0, text.length - prefix.length + 1); start < at; start++)
      if (prefix.startsWith(text.slice(start))) at = start;
  }
  const longest = known[0]?.length ?? 0;
  for (let start = Math.max(0, text.length - longest + 1); start < at; start++) {
    const tail = text.slice(start);
    if (known.some((spelling) => spelling.length > tail.length && spelling.startsWith(tail))) return start;
  }
  return at;
}

/**
 * Where the end of `text` may be the start of a secret that text still to come would complete:
 * `text.length` when none. Never inside a secret written whole (`aaaaaaaa` ends in the start of
 * itself): cut there, each half would pass unredacted.
 */
function unfinishedAt(text: string, hidden: Hidden): number {
  let at = startOfUnfinished(text, hidden);
  for (let moved = at < text.length; moved;) {
    moved = false;
    for (const pattern of hidden.patterns)
      for (const match of text.matchAll(pattern))
        if (match.index < at && match.index + match[0].length > at) {
          at = match.index;
          moved = true;
        }
  }
  return at;
}

export interface Redactor {
  (text: string): string;
  /**
   * Where the end of `text` may be the start of a secret this redactor hides, that text still to
   * come would complete (`text.length` when none): what a stream written in pieces holds back.
   */
  unfinishedAt(text: string): number;
}

export interface RedactorOptions {
  /** Also hide share-link tokens (default true). */
  shareTokens?: boolean;
}

/** Replaces share-link tokens with {@link REDACTED_SHARE_TOKEN}. */
export function redactShareTokens(text: string): string {
  return text.replace(SHARE_TOKEN_SHAPE, (match) =>
    match === REDACTED_SHARE_TOKEN ? match : REDACTED_SHARE_TOKEN,
  );
}

/**
 * Replaces every known secret, and anything shaped like an API key, with {@link REDACTED_KEY};
 * and, unless told otherwise, every share-link token with {@link REDACTED_SHARE_TOKEN}. It works on
 * plain text: serialised formats are redacted string by string (src/redact/structured.ts),
 * never as raw text, so that no replacement can break their syntax.
 */
export function makeRedactor(secrets: readonly string[], options: RedactorOptions = {}): Redactor {
  const knownPattern = patternOf(spellingsOf(secrets));
  const shareTokens = options.shareTokens ?? true;
  const hiddenBy = (learnedPattern: RegExp | undefined): Hidden => ({
    known: spellingsOf(shareTokens ? [...secrets, ...learnedTokens] : secrets),
    prefixes: shareTokens ? [KEY_PREFIX, SHARE_TOKEN_PREFIX] : [KEY_PREFIX],
    patterns: [knownPattern, KEY_SHAPE, learnedPattern, shareTokens ? SHARE_TOKEN_SHAPE : undefined].filter(
      (pattern) => pattern !== undefined,
    ),
  });
  let learnedPattern: RegExp | undefined;
  let learnedCount = 0;
  let hidden = hiddenBy(learnedPattern);
  const catchUpOnLearned = (): void => {
    if (!shareTokens || learnedTokens.size === learnedCount) return;
    learnedCount = learnedTokens.size;
    learnedPattern = patternOf(spellingsOf([...learnedTokens]));
    hidden = hiddenBy(learnedPattern);
  };
  const redact = (text: string): string => {
    const withoutKnown = knownPattern ? text.replace(knownPattern, REDACTED_KEY) : text;
    const withoutKeys = withoutKnown.replace(KEY_SHAPE, (match) =>
      match === REDACTED_KEY ? match : REDACTED_KEY,
    );
    if (!shareTokens) return withoutKeys;
    catchUpOnLearned();
    const withoutLearned = learnedPattern
      ? withoutKeys.replace(learnedPattern, REDACTED_SHARE_TOKEN)
      : withoutKeys;
    return redactShareTokens(withoutLearned);
  };
  return Object.assign(redact, {
    unfinishedAt: (text: string): number => {
      catchUpOnLearned();
      return unfinishedAt(text, hidden);
    },
  });
}
