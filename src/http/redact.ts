/** What a key looks like in any output of the suite. */
export const REDACTED_KEY = 'svc_ai_…redacted';

// Anything shaped like an API key is hidden even when the keyring does not know it (a key echoed
// back by an implementation, a key from another tool's environment).
const KEY_SHAPE = /svc_ai_[A-Za-z0-9._~+/=-]+/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Redactor {
  (text: string): string;
}

/** Replaces every known secret, and anything shaped like an API key, with {@link REDACTED_KEY}. */
export function makeRedactor(secrets: readonly string[]): Redactor {
  const known = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  const knownPattern = known.length > 0 ? new RegExp(known.map(escapeRegExp).join('|'), 'g') : undefined;
  return (text: string) => {
    const withoutKnown = knownPattern ? text.replace(knownPattern, REDACTED_KEY) : text;
    return withoutKnown.replace(KEY_SHAPE, (match) => (match === REDACTED_KEY ? match : REDACTED_KEY));
  };
}
