import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';

interface Voice {
  _id: string;
  title: string;
}

function voicesOf(json: unknown): Voice[] {
  return (json as { data: Voice[] }).data;
}

describe('listVoices — GET /users/get_voice_clone', () => {
  check(
    'voices.catalog.shape',
    ['VOICE-14', 'VOICE-01', 'VOICE-02', 'VOICE-03', 'VOICE-04', 'VOICE-05', 'VOICE-06', 'VOICE-07', 'VOICE-08'],
    'returns {status: boolean, message, data: voice[]} with every documented voice field',
    async ({ as, spec }) => {
      const exchange = await as('full').call('listVoices');
      expectStatus(exchange, 200);
      expectSchema(spec, exchange);
    },
    { operations: ['listVoices'] },
  );

  check(
    'voices.catalog.title-exact-match',
    ['VOICE-12', 'VOICE-13'],
    'with title, returns only voices whose title equals it exactly',
    async ({ as, spec, skip }) => {
      const client = as('full');
      const all = await client.call('listVoices');
      expectStatus(all, 200);
      expectSchema(spec, all);
      const first = voicesOf(all.response?.json)[0];
      if (!first) return skip('the voice catalog is empty: nothing to filter');
      const exact = await client.call('listVoices', { query: { title: first.title } });
      expectStatus(exact, 200);
      expectSchema(spec, exact);
      const titles = voicesOf(exact.response?.json).map((v) => v.title);
      expect(titles, 'the voice whose title was asked for').toContain(first.title);
      expect(titles.every((t) => t === first.title), `titles returned: ${titles.join(', ')}`).toBe(true);

      // A strict prefix of the title is not the title: exact match returns no voice with another title.
      const prefix = first.title.slice(0, Math.max(1, first.title.length - 1));
      if (prefix !== first.title) {
        const partial = await client.call('listVoices', { query: { title: prefix } });
        expectStatus(partial, 200);
        const partialTitles = voicesOf(partial.response?.json).map((v) => v.title);
        expect(partialTitles.every((t) => t === prefix), `titles returned for "${prefix}": ${partialTitles.join(', ')}`).toBe(true);
      }
    },
    { operations: ['listVoices'] },
  );

  check(
    'voices.catalog.assistants-only-key-refused',
    ['VOICE-15', 'AUTH-23'],
    'refuses a key scoped to assistants alone with 403',
    async ({ as }) => {
      const exchange = await as('assistants:manage').call('listVoices');
      expectStatus(exchange, 403);
    },
    { operations: ['listVoices'] },
  );

  check(
    'voices.catalog.preset-accepted',
    ['AUTH-24'],
    'accepts the assistants-and-knowledge preset, which holds voices at view',
    async ({ as, spec }) => {
      const exchange = await as('preset:assistants-knowledge').call('listVoices');
      expectStatus(exchange, 200);
      expectSchema(spec, exchange);
    },
    { operations: ['listVoices'] },
  );
});
