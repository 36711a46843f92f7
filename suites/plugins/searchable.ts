import type { BodyOverrides } from '../../src/generate/overrides.ts';

/**
 * Overrides publishing a plugin whose title, name, descriptions and one tag are all `word` (then
 * the caller's own `overrides`): a search for `word` finds it under any reading of PL-SEARCH-02
 * (whichever fields a search matches, and whether or not it covers unpublished plugins, a
 * published one being in the own and the public catalog).
 */
export function searchable(word: string, overrides: BodyOverrides = {}): BodyOverrides {
  return {
    title: word,
    name: word,
    tags: [word],
    human_description: word,
    ai_description: word,
    isPublic: true,
    ...overrides,
  };
}
