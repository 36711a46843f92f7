import { randomBytes } from 'node:crypto';

let counter = 0;

/**
 * A suffix no other call of this process returns. Identities (a `customPersonaId`, a plugin
 * `title`) must be unique platform-wide, and fast-check replays a generated value while it shrinks,
 * so a check stamps the identity at the moment it sends the request rather than at generation.
 */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter.toString(36)}${randomBytes(2).toString('hex')}`;
}

/** The generated body with a `customPersonaId` no earlier request used (the run's prefix stays in front). */
export function withFreshPersonaId<T extends Record<string, unknown>>(body: T): T {
  const base = typeof body.customPersonaId === 'string' ? body.customPersonaId : 'assistant';
  return { ...body, customPersonaId: `${base}-${uniqueSuffix()}` };
}

/** The generated body with a plugin `title` no earlier request used (snake_case, prefix in front). */
export function withFreshPluginTitle<T extends Record<string, unknown>>(body: T): T {
  const base = typeof body.title === 'string' ? body.title : 'plugin';
  return { ...body, title: `${base}_${uniqueSuffix()}` };
}

/** A word that occurs nowhere but in what this check names with it (search terms, markers). */
export function uniqueWord(prefix: string): string {
  return `${prefix}w${uniqueSuffix()}`;
}
