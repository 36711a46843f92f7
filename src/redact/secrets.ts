/** What a key looks like in any output of the suite. */
export const REDACTED_KEY = 'svc_ai_…redacted';

/** What a share-link token looks like in any output of the suite. */
export const REDACTED_SHARE_TOKEN = 'con_sh_…redacted';

/**
 * The shortest key the suite accepts. A shorter one (`k`, `0`) occurs by chance in ordinary text,
 * so hiding it would mangle every report and line printed, and it could not be hidden reliably.
 */
export const MIN_SECRET_LENGTH = 8;

// Anything shaped like an API key is hidden even when the keyring does not know it (a key echoed
// back by an implementation, a key from another tool's environment).
const KEY_SHAPE = /svc_ai_[A-Za-z0-9._~+/=-]+/g;

// A share-link token (API.md: "a token beginning con_sh_") lets anyone talk to an assistant: it is
// a secret too, wherever it is seen, though the suite never knows it in advance.
const SHARE_TOKEN_SHAPE = /con_sh_[A-Za-z0-9._~+/=-]+/g;

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

function patternOf(secrets: readonly string[]): RegExp | undefined {
  const known = [...new Set(secrets.filter((s) => s.length > 0).flatMap(spellings))].sort(
    (a, b) => b.length - a.length,
  );
  return known.length > 0 ? new RegExp(known.map(escapeRegExp).join('|'), 'g') : undefined;
}

export interface Redactor {
  (text: string): string;
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
  const knownPattern = patternOf(secrets);
  const shareTokens = options.shareTokens ?? true;
  let learnedPattern: RegExp | undefined;
  let learnedCount = 0;
  return (text: string) => {
    const withoutKnown = knownPattern ? text.replace(knownPattern, REDACTED_KEY) : text;
    const withoutKeys = withoutKnown.replace(KEY_SHAPE, (match) =>
      match === REDACTED_KEY ? match : REDACTED_KEY,
    );
    if (!shareTokens) return withoutKeys;
    if (learnedTokens.size !== learnedCount) {
      learnedCount = learnedTokens.size;
      learnedPattern = patternOf([...learnedTokens]);
    }
    const withoutLearned = learnedPattern
      ? withoutKeys.replace(learnedPattern, REDACTED_SHARE_TOKEN)
      : withoutKeys;
    return redactShareTokens(withoutLearned);
  };
}
