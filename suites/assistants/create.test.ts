import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectMessagePrefix } from '../../src/expect/error-body.ts';
import { expectNotEchoed } from '../../src/expect/not-echoed.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { requiredFields } from '../../src/generate/component-schemas.ts';
import { uniqueWord, withFreshPersonaId } from '../../src/generate/identity.ts';
import { personaCreateBody } from '../../src/generate/persona.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import {
  accessiblePluginIds,
  deleteAssistant,
  getAssistant,
  readAssistant,
  trackAssistant,
} from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS, assistantDrafter } from '../../src/resources/drafts.ts';
import { bodyOf, succeeded, type JsonObject } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { pluginObjectId } from '../../src/resources/plugins.ts';
import { catalogVoiceIds } from '../../src/resources/voices.ts';

const CREATE = { operations: ['createPersona'] };
const PERSONALITY_MAX = 2100;
const ANDROID_PROMPT_MAX = 5000;
const GENERAL = 'General';

/** The requirement each required create field's refusal verifies (isPublic has its own documented 400). */
const REQUIRED_FIELD_REQUIREMENTS: Record<string, string> = {
  name: 'AS-CREATE-01',
  customPersonaId: 'AS-CREATE-02',
  voice: 'AS-CREATE-06',
  tags: 'AS-CREATE-07',
};

/** A text of exactly `length` characters, plain ASCII so every client counts it the same way. */
function textOf(length: number, seed: string): string {
  const unit = `${seed} keeps answers short and friendly. `;
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

const isAndroidOnly = (os: unknown): boolean =>
  Array.isArray(os) && os.length > 0 && os.every((o) => o === 'android');

/** A create the check expects refused: if it was not, the assistant is removed all the same. */
async function attemptCreate(
  ctx: Pick<CheckContext, 'tracker'>,
  client: ApiClient,
  body: Record<string, unknown>,
): Promise<Exchange> {
  const exchange = await client.call('createPersona', { body });
  if (succeeded(exchange) && typeof body.customPersonaId === 'string')
    trackAssistant(ctx.tracker, client, body.customPersonaId);
  return exchange;
}

/**
 * A create the check expects accepted: 200 with the documented {status: boolean, message} body.
 * The create is the check's own operation, so its answer is judged here (removed all the same).
 */
async function createAccepted(
  ctx: Pick<CheckContext, 'spec' | 'tracker'>,
  client: ApiClient,
  body: Record<string, unknown>,
): Promise<void> {
  const exchange = await attemptCreate(ctx, client, body);
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
}

/**
 * Creates an assistant on the platforms `os` with the prompt `prompt` (a create the check judges:
 * 200 and its schema) and returns base_sys_prompt as get then returns it.
 */
async function storedPrompt(ctx: CheckContext, os: string[], prompt: string): Promise<unknown> {
  const client = ctx.as('full');
  const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({ os, base_sys_prompt: prompt });
  await createAccepted(ctx, client, body);
  return (await readAssistant(client, String(body.customPersonaId))).base_sys_prompt;
}

/** How often `General` is among tags a read returned (case as the document writes it). */
function generalCount(tags: unknown): number {
  return Array.isArray(tags) ? tags.filter((t) => t === GENERAL).length : 0;
}

/**
 * The reads that return an assistant: get, the list (own, every platform) and a search for a word
 * of its name. Each gives the assistant as that route shows it, or a failure naming the route.
 */
async function readEverywhere(
  client: ApiClient,
  customPersonaId: string,
  word: string,
): Promise<Array<[string, JsonObject]>> {
  const reads: Array<[string, JsonObject]> = [['get', await readAssistant(client, customPersonaId)]];
  const collections = [
    ['the list', 'listPersonas', { isPublic: 'private', os: ALL_PLATFORMS }],
    ['search', 'searchPersonas', { search: word, os: ALL_PLATFORMS }],
  ] as const;
  for (const [route, operationId, query] of collections) {
    const { items } = await findInCollection(client, operationId, 'customPersonaId', [customPersonaId], {
      query,
    });
    const item = items.get(customPersonaId);
    if (!item)
      throw new ConformanceFailure(
        `Received: ${customPersonaId} not found by ${route} / Documented: the caller's own assistant, named with the term`,
        undefined,
      );
    reads.push([route, item]);
  }
  return reads;
}

/** No assistant exists under the id: get answers 400 for an id the account cannot see. */
async function expectNoAssistant(client: ApiClient, customPersonaId: string): Promise<void> {
  const exchange = await getAssistant(client, customPersonaId);
  expect(exchange.response?.status, `get ${customPersonaId} after the refused create`).toBe(400);
}

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  check(
    'assistants.create.readable-through-get',
    [
      'AS-CREATE-01',
      'AS-CREATE-05',
      'AS-CREATE-09',
      'AS-CREATE-15',
      'AS-CREATE-16',
      'AS-CREATE-17',
      'AS-CREATE-21',
      'AS-CREATE-22',
      'AS-CREATE-25',
      'AS-CREATE-26',
      'AS-CREATE-28',
      'AS-CREATE-29',
      'IDS-02',
      'IDS-03',
      'IDS-05',
      'CONV-10',
    ],
    'any valid create body is accepted, not echoed, and get returns its customPersonaId, name, prompt, voice and plugins (property)',
    async (ctx) => {
      const client = ctx.as('full');
      const plugin = await ctx.make().plugin();
      const pluginId = await pluginObjectId(client, plugin.title);
      const voiceIds = await catalogVoiceIds(client);
      const otherEmail = ctx.target.keyring.accounts?.other?.email;
      const bodies = personaCreateBody(ctx.spec, {
        prefix: ctx.prefix,
        voiceIds,
        pluginIds: [pluginId],
        avoidEmails: otherEmail ? [otherEmail] : [],
      });
      // accessible_plugin carries plugin _id values (IDS-03) on every run, not only when a draw
      // happens to include the optional field: a create naming the plugin by its _id is accepted
      // and get lists it.
      const named = (await assistantDrafter(client, ctx.spec, ctx.prefix))({ accessible_plugin: [pluginId] });
      const exchange = await attemptCreate(ctx, client, named);
      expectStatus(exchange, 200);
      expect(
        accessiblePluginIds(await readAssistant(client, String(named.customPersonaId))),
        'accessible_plugin of an assistant created with the plugin _id',
      ).toContain(pluginId);
      await expectProperty(
        fc.asyncProperty(bodies, async (generated) => {
          const body = withFreshPersonaId(generated);
          const customPersonaId = String(body.customPersonaId);
          // The create is what the property is about: a refusal is its verdict, not a setup error.
          const exchange = await client.call('createPersona', { body });
          const forget = succeeded(exchange)
            ? trackAssistant(ctx.tracker, client, customPersonaId)
            : undefined;
          expectStatus(exchange, 200);
          expectSchema(ctx.spec, exchange);
          expectNotEchoed(exchange, 'customPersonaId', customPersonaId);
          const data = await readAssistant(client, customPersonaId);
          expect(data.customPersonaId, 'customPersonaId').toBe(body.customPersonaId);
          expect(data.name, 'name').toBe(body.name);
          expect(data.voice, 'voice').toBe(body.voice);
          if (typeof body.base_sys_prompt === 'string') {
            const prompt = isAndroidOnly(body.os)
              ? body.base_sys_prompt.slice(0, ANDROID_PROMPT_MAX)
              : body.base_sys_prompt;
            expect(data.base_sys_prompt, 'base_sys_prompt').toBe(prompt);
          }
          const plugins = accessiblePluginIds(data);
          for (const id of (body.accessible_plugin as string[] | undefined) ?? [])
            expect(plugins, 'accessible_plugin').toContain(id);
          await deleteAssistant(client, customPersonaId);
          forget?.();
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'assistants.create.is-public-required',
    ['AS-CREATE-04', 'ERR-15', 'ERR-20'],
    'answers 400 to a body without isPublic and creates nothing',
    async (ctx) => {
      const client = ctx.as('full');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({ isPublic: undefined });
      const exchange = await attemptCreate(ctx, client, body);
      ctx.observe('ERR-20', `isPublic missing: ${stableErrorSummary(exchange, ctx.prefix)}`);
      expectStatus(exchange, 400);
      await expectNoAssistant(client, String(body.customPersonaId));
    },
    CREATE,
  );

  for (const field of requiredFields('PersonaCreateBody').filter((f) => f !== 'isPublic')) {
    const requirement = REQUIRED_FIELD_REQUIREMENTS[field];
    if (requirement === undefined)
      throw new Error(`PersonaCreateBody requires ${field}, which no requirement id is mapped to here`);
    check(
      `assistants.create.without-${field.toLowerCase()}-refused`,
      [requirement],
      `refuses a body without ${field} and creates no assistant`,
      async (ctx) => {
        const client = ctx.as('full');
        const word = uniqueWord(ctx.prefix);
        // "Required even for a text-only assistant": the voice case uses a web-only assistant.
        const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({
          name: `${ctx.prefix} ${word}`,
          os: field === 'voice' ? ['web'] : ['nt'],
          [field]: undefined,
        });
        const exchange = await attemptCreate(ctx, client, body);
        expectRejected(exchange);
        if (typeof body.customPersonaId === 'string') await expectNoAssistant(client, body.customPersonaId);
        const search = await client.call('searchPersonas', { query: { search: word, os: 'nt,android,web' } });
        expectStatus(search, 200);
        expect(
          (bodyOf(search).allPersonas as unknown[] | undefined)?.length,
          `assistants named with "${word}"`,
        ).toBe(0);
      },
      CREATE,
    );
  }

  check(
    'assistants.create.empty-tags-accepted',
    ['AS-CREATE-07'],
    'accepts tags [] (an array, possibly empty)',
    async (ctx) => {
      const client = ctx.as('full');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({ tags: [] });
      await createAccepted(ctx, client, body);
      expect((await readAssistant(client, String(body.customPersonaId))).customPersonaId).toBe(
        body.customPersonaId,
      );
    },
    CREATE,
  );

  check(
    'assistants.create.general-tag',
    ['AS-CREATE-08', 'AS-CREATE-07'],
    'wherever get, the list or a search returns tags, an assistant created without General has it appended to the tags sent, and one created with it has it once',
    async (ctx) => {
      const client = ctx.as('full');
      const draft = await assistantDrafter(client, ctx.spec, ctx.prefix);
      const word = uniqueWord(ctx.prefix);
      const cases = [
        { sent: ['support'], general: 1 },
        { sent: [], general: 1 },
        { sent: [GENERAL, 'support'], general: 1 },
      ];
      const returning = new Set<string>();
      for (const { sent, general } of cases) {
        const body = draft({ name: `${ctx.prefix} ${word} tagged`, tags: sent, os: ['nt'] });
        await createAccepted(ctx, client, body);
        for (const [route, item] of await readEverywhere(client, String(body.customPersonaId), word)) {
          if (!('tags' in item)) continue;
          returning.add(route);
          const tags = item.tags;
          expect(
            generalCount(tags),
            `${GENERAL} in tags ${JSON.stringify(tags)} (${route}) after a create with ${JSON.stringify(sent)}`,
          ).toBe(general);
          for (const tag of sent) expect(tags, `tags (${route}) keep the tag sent, ${tag}`).toContain(tag);
        }
      }
      ctx.observe(
        'AS-CREATE-08',
        returning.size > 0 ? `tags returned by ${[...returning].join(', ')}` : 'no read returns tags',
      );
    },
    { operations: ['createPersona', 'getPersona', 'listPersonas', 'searchPersonas'] },
  );

  check(
    'assistants.create.personality-2100-accepted',
    ['AS-CREATE-13', 'LIM-03'],
    'accepts a personality of exactly 2,100 characters',
    async (ctx) => {
      const client = ctx.as('full');
      const personality = textOf(PERSONALITY_MAX, 'Calm');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({ personality });
      await createAccepted(ctx, client, body);
      const data = await readAssistant(client, String(body.customPersonaId));
      expect(data.customPersonaId, 'the assistant created').toBe(body.customPersonaId);
      // personality is not among get's documented fields; where get returns it, it is kept whole.
      if ('personality' in data)
        expect(data.personality, 'personality, where get returns it').toBe(personality);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'assistants.create.personality-2101-rejected',
    ['AS-CREATE-14', 'LIM-04', 'ERR-16', 'ERR-20'],
    'answers 400 to a personality of 2,101 characters and creates nothing',
    async (ctx) => {
      const client = ctx.as('full');
      const body = (await assistantDrafter(client, ctx.spec, ctx.prefix))({
        personality: textOf(PERSONALITY_MAX + 1, 'Calm'),
      });
      const exchange = await attemptCreate(ctx, client, body);
      ctx.observe('ERR-20', `personality 2,101: ${stableErrorSummary(exchange, ctx.prefix)}`);
      expectStatus(exchange, 400);
      await expectNoAssistant(client, String(body.customPersonaId));
    },
    CREATE,
  );

  check(
    'assistants.create.android-prompt-5000-kept',
    ['AS-CREATE-10', 'LIM-05'],
    'keeps a 5,000-character prompt of an android-only assistant whole',
    async (ctx) => {
      const prompt = textOf(ANDROID_PROMPT_MAX, 'Mobile');
      expect(await storedPrompt(ctx, ['android'], prompt)).toBe(prompt);
    },
    CREATE,
  );

  check(
    'assistants.create.android-prompt-truncated',
    ['AS-CREATE-11', 'LIM-06'],
    'accepts a 5,001-character prompt of an android-only assistant and keeps its first 5,000 characters',
    async (ctx) => {
      const prompt = `${textOf(ANDROID_PROMPT_MAX, 'Mobile')}Z`;
      const stored = await storedPrompt(ctx, ['android'], prompt);
      expect(stored, 'the first 5,000 characters').toBe(prompt.slice(0, ANDROID_PROMPT_MAX));
    },
    CREATE,
  );

  check(
    'assistants.create.multi-platform-prompt-kept',
    ['AS-CREATE-09', 'AS-CREATE-10'],
    'keeps a 5,001-character prompt whole when android is not the only platform',
    async (ctx) => {
      const prompt = `${textOf(ANDROID_PROMPT_MAX, 'Hybrid')}Z`;
      expect(await storedPrompt(ctx, ['android', 'nt'], prompt)).toBe(prompt);
    },
    CREATE,
  );

  check(
    'assistants.create.duplicate-id-404',
    ['AS-CREATE-30', 'AS-CREATE-31', 'ERR-21', 'IDS-06'],
    'answers a second create with the same customPersonaId with 404 "persona already exists with…" and keeps the first',
    async (ctx) => {
      const client = ctx.as('full');
      const draft = await assistantDrafter(client, ctx.spec, ctx.prefix);
      const { body: first } = await ctx.make().assistant();
      const second = draft({ customPersonaId: first.customPersonaId, name: `${ctx.prefix} impostor` });
      const exchange = await client.call('createPersona', { body: second });
      expectMessagePrefix(exchange, 404, 'persona already exists with');
      expectSchema(ctx.spec, exchange);
      expect(
        (await readAssistant(client, String(first.customPersonaId))).name,
        'the first assistant keeps its name',
      ).toBe(first.name);
    },
    CREATE,
  );

  check(
    'assistants.create.duplicate-id-other-account',
    ['IDS-06', 'ERR-21'],
    'answers 404 "persona already exists with…" to another account reusing a customPersonaId (unique platform-wide)',
    async (ctx) => {
      const other = ctx.as('other');
      const client = ctx.as('full');
      const draft = await assistantDrafter(client, ctx.spec, ctx.prefix);
      const { body: first } = await ctx.make().assistant({ isPublic: false });
      const exchange = await other.call('createPersona', {
        body: draft({ customPersonaId: first.customPersonaId }),
      });
      if (succeeded(exchange)) trackAssistant(ctx.tracker, other, String(first.customPersonaId));
      expectMessagePrefix(exchange, 404, 'persona already exists with');
    },
    CREATE,
  );
});
