import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { expectTitleFilter } from '../../src/expect/voice-title.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { getAssistant, readAssistant, trackAssistant } from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS, assistantDrafter } from '../../src/resources/drafts.ts';
import { succeeded, type JsonObject } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { catalogVoiceIds, catalogVoices } from '../../src/resources/voices.ts';

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

/**
 * A catalog item's provider voice_id to try as an assistant's voice. Whether items carry voice_id
 * at all is open (VOICE-09): without one there is nothing to refuse, which is recorded.
 */
async function providerVoice(
  ctx: CheckContext,
): Promise<{ voiceId: string; voiceIds: string[] } | undefined> {
  const client = ctx.as('full');
  const voiceIds = await catalogVoiceIds(client);
  const voiceId = providerVoiceId(await catalogVoices(client));
  if (voiceId === undefined) {
    ctx.observe(
      'VOICE-10',
      'no catalog item carries a provider voice_id distinct from every _id: nothing to refuse',
    );
    return undefined;
  }
  return { voiceId, voiceIds };
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
    'voices.catalog.not-empty',
    ['AS-CREATE-05', 'AS-CREATE-06', 'CONV-15'],
    'holds at least one voice with an _id: every assistant create needs one, a text-only assistant included',
    async ({ as }) => {
      await catalogVoiceIds(as('full'));
    },
    { operations: ['listVoices'] },
  );

  check(
    'voices.catalog.title-exact-match',
    ['VOICE-12', 'VOICE-13'],
    'with title, returns the voice of that title and only voices of that title (equal, or equal but for case), never one it is a prefix or a part of',
    async ({ as, spec, observe }) => {
      const client = as('full');
      const all = await client.call('listVoices');
      expectStatus(all, 200);
      expectSchema(spec, all);
      const catalog = voicesOf(all.response?.json);
      const first = catalog[0];
      if (!first)
        throw new ConformanceFailure(
          'Received: an empty voice catalog / Documented: every assistant create needs a voice _id from the catalog (AS-CREATE-05)',
          all,
        );
      const exact = await client.call('listVoices', { query: { title: first.title } });
      expectStatus(exact, 200);
      expectSchema(spec, exact);
      expectTitleFilter(exact, first.title);
      const found = voicesOf(exact.response?.json);
      expect(
        found.map((v) => v._id),
        'the voice whose title was asked for',
      ).toContain(first._id);
      const allIds = catalog.map((v) => v._id);
      for (const voice of found)
        expect(allIds, 'a voice found by title is in the full catalog').toContain(voice._id);

      // A strict prefix and a strict suffix of the title are not the title: a voice titled with
      // the whole of it is no exact match for them, whatever the letter case.
      const parts = [first.title.slice(0, -1), first.title.slice(1)].filter(
        (part) => part !== '' && part.toLowerCase() !== first.title.toLowerCase(),
      );
      for (const part of new Set(parts)) {
        const answer = await client.call('listVoices', { query: { title: part } });
        expectStatus(answer, 200);
        expectTitleFilter(answer, part);
      }

      // The title in another case: both readings of "exact match" are reasonable; which one the
      // implementation took is recorded.
      const swapped = swapCase(first.title);
      if (swapped === first.title) {
        observe('VOICE-12', 'case folding not probed (the title has no letters)');
        return;
      }
      const answer = await client.call('listVoices', { query: { title: swapped } });
      expectStatus(answer, 200);
      const { caseFolded } = expectTitleFilter(answer, swapped);
      observe('VOICE-12', caseFolded ? 'case-insensitive exact match' : 'case-sensitive exact match');
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
      const voiceIds = await catalogVoiceIds(client);
      const draft = await assistantDrafter(client, ctx.spec, ctx.prefix, { voiceIds });
      const tried = voiceIds.slice(0, VOICES_TRIED);
      const ids: string[] = [];
      for (const voice of tried) {
        // The create with a catalog _id is the check's own operation: its answer is judged here.
        const body = draft({ voice, os: ['nt'] });
        const customPersonaId = String(body.customPersonaId);
        const exchange = await client.call('createPersona', { body });
        if (succeeded(exchange)) trackAssistant(ctx.tracker, client, customPersonaId);
        expectStatus(exchange, 200);
        expectSchema(ctx.spec, exchange);
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
      const provider = await providerVoice(ctx);
      if (!provider) return;
      const { voiceId, voiceIds } = provider;
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
      const provider = await providerVoice(ctx);
      if (!provider) return;
      const { voiceId } = provider;
      const client = ctx.as('full');
      const { customPersonaId, body } = await ctx.make().assistant();
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
