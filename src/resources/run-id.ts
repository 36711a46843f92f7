import { randomInt } from 'node:crypto';

/**
 * A run's id, the prefix of every name and identity the run gives: a fixed marker, the time and
 * randomness, lower-case letters and digits only (valid in a customPersonaId slug, a plugin title
 * and a base name alike). `cfrun` + 9 characters of time + 8 random ones: 22 characters no person
 * types by chance, and ~41 bits that keep two runs started in the same millisecond apart.
 */
const MARKER = 'cfrun';
const TIME_LENGTH = 9;
const RANDOM_LENGTH = 8;

/** Exactly a run id. */
export const RUN_ID_PATTERN = new RegExp(`^${MARKER}[0-9a-z]{${TIME_LENGTH + RANDOM_LENGTH}}$`);

/** A name or identity a run gave: it starts with a whole run id. */
export const RUN_NAME_PATTERN = new RegExp(`^${MARKER}[0-9a-z]{${TIME_LENGTH + RANDOM_LENGTH}}`);

/** A run id anywhere in a text (a listing's label). */
export const RUN_ID_IN_TEXT = new RegExp(`${MARKER}[0-9a-z]{${TIME_LENGTH + RANDOM_LENGTH}}`);

export function newRunId(now: number = Date.now()): string {
  const time = now.toString(36).padStart(TIME_LENGTH, '0').slice(-TIME_LENGTH);
  const random = Array.from({ length: RANDOM_LENGTH }, () => randomInt(36).toString(36)).join('');
  return `${MARKER}${time}${random}`;
}
