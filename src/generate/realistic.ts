import type { Faker } from '@faker-js/faker';
// The English locale alone: the package's main entry loads all of its locales, in every worker
// thread, for data the suite never draws from.
import { faker as english } from '@faker-js/faker/locale/en';
import fc from 'fast-check';
import { seeded } from './seeded.ts';

/**
 * faker's own randomizer is a Mersenne Twister, whose seeding fills 624 words: the most costly
 * part of a draw, since every value is drawn from a seed of its own (fromFaker). The same English
 * definitions with a Mulberry32 randomizer seed in a step. The main entry's Faker class is reached
 * through the instance, so that the other locales are never loaded.
 */
const faker: Faker = (() => {
  let next = seeded(1);
  const FakerClass = english.constructor as new (options: {
    locale: Faker['rawDefinitions'];
    randomizer: { next: () => number; seed: (seed: number | number[]) => void };
  }) => Faker;
  return new FakerClass({
    locale: english.rawDefinitions,
    randomizer: {
      next: () => next(),
      seed: (seed) => {
        next = seeded(Array.isArray(seed) ? seed.reduce((a, b) => Math.imul(a ^ b, 0x9e3779b1), 0) : seed);
      },
    },
  });
})();

/**
 * A realistic value from @faker-js/faker, seeded by fast-check so that a failing property replays
 * with the same data. Shrinking a faker seed gives an unrelated value, never a smaller one, so the
 * seed does not shrink.
 */
export function fromFaker<T>(make: (f: Faker) => T): fc.Arbitrary<T> {
  return fc.noShrink(fc.integer({ min: 1, max: 2 ** 31 - 1 })).map((seed) => {
    faker.seed(seed);
    return make(faker);
  });
}

/** Reserved for documentation (RFC 2606): invitations sent to these addresses reach nobody. */
const SAFE_EMAIL_DOMAIN = 'example.com';

export const realisticEmail = (): fc.Arbitrary<string> =>
  fromFaker((f) => f.internet.email({ provider: SAFE_EMAIL_DOMAIN }).toLowerCase());

export const realisticUrl = (): fc.Arbitrary<string> =>
  fromFaker((f) => f.internet.url({ protocol: 'https' }));

export const realisticImageUrl = (): fc.Arbitrary<string> => fromFaker((f) => f.image.url());

export const realisticWords = (): fc.Arbitrary<string> => fromFaker((f) => f.lorem.words({ min: 1, max: 4 }));

/** A lower-case snake_case identifier of one to three words (a plugin title, a parameter name). */
export const snakeWords = (words: { min: number; max: number } = { min: 1, max: 3 }): fc.Arbitrary<string> =>
  fromFaker(
    (f) =>
      f.word
        .words({ count: words })
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'value',
  );

/** Slug-like words joined by dashes, as a customPersonaId reads. */
export const slugWords = (): fc.Arbitrary<string> =>
  fromFaker(
    (f) =>
      f.word
        .words({ count: { min: 1, max: 2 } })
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'assistant',
  );

/** Accent codes in language-region form, as `voice_language` takes them. */
export const LANGUAGE_REGIONS = [
  'en-US',
  'en-GB',
  'fr-FR',
  'es-ES',
  'de-DE',
  'hi-IN',
  'pt-BR',
  'it-IT',
] as const;
