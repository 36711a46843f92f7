import { describe, expect } from 'vitest';
import { expectRejected } from '../../src/checks/rejection.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import {
  createAssistant,
  getAssistant,
  readAssistant,
  trackAssistant,
} from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS, assistantDrafter } from '../../src/resources/drafts.ts';
import { succeeded, type JsonObject } from '../../src/resources/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { catalogVoices } from '../../src/resources/voices.ts';

interface Voice {
  _id: string;
  title: string;
}

function voicesOf(json: unknown): Voice[] {
  return (json as { data: Voice[] }).data;
}

/** The text with every letter's case inverted: `Ava` → `aVA`. */
function swapCase(text: string): string {
  return [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** At most this many catalog voices are tried as an assistant's voice (a real catalog can be long). */
const VOICES_TRIED = 4;

/** A catalog item's provider `voice_id` that is not also the `_id` of some catalog voice, if any. */
function providerVoiceId(voices: readonly JsonObject[]): string | undefined {
  const ids = new Set(voices.map((v) => v._id));
  return voices
    .map((v) => v.voice_id)
    .find((id): id is string => typeof id === 'string' && id !== '' && !ids.has(id));
}

async function providerVoice(ctx: CheckContext): Promise<{ voiceId: string; voiceIds: string[] }> {
  const voices = await catalogVoices(ctx.as('full'));
  const voiceId = providerVoiceId(voices);
  if (voiceId === undefined)
    return ctx.skip('no catalog voice carries a provider voice_id distinct from every _id');
  return { voiceId, voiceIds: voices.map((v) => String(v._id)) };
}

describe('listVoices — GET /users/get_voice_clone', () => {
  check(
    'voices.catalog.shape',
    [
      'VOICE-14',
      'VOICE-01',
      'VOICE-02',
      'VOICE-03',
      'VOICE-04',
      'VOICE-05',
      'VOICE-06',
      'VOICE-07',
      'VOICE-08',
    ],
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
    'with title, returns only voices whose title equals it exactly, not a prefix of it nor the title in another case',
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
      const allIds = voicesOf(all.response?.json).map((v) => v._id);
      for (const voice of voicesOf(exact.response?.json))
        expect(allIds, 'a voice found by title is in the full catalog').toContain(voice._id);
      expect(
        titles.every((t) => t === first.title),
        `titles returned: ${titles.join(', ')}`,
      ).toBe(true);

      // Neither a strict prefix of the title nor the title in another case is the title: exact
      // match returns no voice whose title differs from the one asked for.
      const prefix = first.title.slice(0, Math.max(1, first.title.length - 1));
      for (const near of new Set([prefix, swapCase(first.title)])) {
        if (near === first.title) continue;
        const answer = await client.call('listVoices', { query: { title: near } });
        expectStatus(answer, 200);
        const nearTitles = voicesOf(answer.response?.json).map((v) => v.title);
        expect(
          nearTitles.every((t) => t === near),
          `titles returned for "${near}": ${nearTitles.join(', ')}`,
        ).toBe(true);
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

  check(
    'voices.catalog.provider-voice-id-observed',
    ['VOICE-09'],
    'records whether catalog items carry the provider voice_id',
    async ({ as, observe }) => {
      const voices = await catalogVoices(as('full'));
      const carrying = voices.filter((v) => 'voice_id' in v).length;
      observe('VOICE-09', `${carrying} of ${voices.length} items carry voice_id`);
    },
    { operations: ['listVoices'] },
  );

  check(
    'voices.catalog.id-usable-as-voice',
    ['IDS-02', 'AS-CREATE-05', 'AS-SHAPE-06', 'AS-SHAPE-18'],
    "a catalog _id is accepted as an assistant's voice, and get and the list return it as voice",
    async (ctx) => {
      const client = ctx.as('full');
      const voices = await catalogVoices(client);
      if (voices.length === 0) return ctx.skip('the voice catalog is empty');
      const draft = await assistantDrafter(client, ctx.spec, ctx.prefix, {
        voiceIds: voices.map((v) => String(v._id)),
      });
      const tried = voices.slice(0, VOICES_TRIED).map((v) => String(v._id));
      const ids: string[] = [];
      for (const voice of tried) {
        const { customPersonaId } = await createAssistant(client, ctx.tracker, draft({ voice, os: ['nt'] }));
        expect((await readAssistant(client, customPersonaId)).voice, `get's voice for ${voice}`).toBe(voice);
        ids.push(customPersonaId);
      }
      const { items } = await findInCollection(client, 'listPersonas', 'customPersonaId', ids, {
        query: { isPublic: 'private', os: ALL_PLATFORMS },
      });
      expect(
        ids.map((id) => items.get(id)?.voice),
        "the list's voice, per assistant",
      ).toEqual(tried);
    },
    { operations: ['listVoices', 'createPersona', 'getPersona', 'listPersonas'] },
  );

  check(
    'voices.catalog.provider-voice-id-refused-on-create',
    ['VOICE-10', 'AS-CREATE-05'],
    'a provider voice_id is not accepted as voice on create: no assistant is created',
    async (ctx) => {
      const { voiceId, voiceIds } = await providerVoice(ctx);
      const client = ctx.as('full');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix, { voiceIds }))({ voice: voiceId });
      const exchange = await client.call('createPersona', { body });
      if (succeeded(exchange)) trackAssistant(ctx.tracker, client, String(body.customPersonaId));
      expectRejected(exchange);
      expectStatus(await getAssistant(client, String(body.customPersonaId)), 400);
    },
    { operations: ['listVoices', 'createPersona'] },
  );

  check(
    'voices.catalog.provider-voice-id-refused-on-update',
    ['VOICE-10'],
    'a provider voice_id is not accepted as voice on update: the assistant keeps its voice',
    async (ctx) => {
      const { voiceId, voiceIds } = await providerVoice(ctx);
      const client = ctx.as('full');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix, { voiceIds }))();
      const { customPersonaId } = await createAssistant(client, ctx.tracker, body);
      expectRejected(
        await client.call('updatePersona', { body: { personaId: customPersonaId, voice: voiceId } }),
      );
      expect((await readAssistant(client, customPersonaId)).voice, 'voice after the refused update').toBe(
        body.voice,
      );
    },
    { operations: ['listVoices', 'updatePersona'] },
  );
});
