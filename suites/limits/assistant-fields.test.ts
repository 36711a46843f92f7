import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { readAssistant, trackAssistant } from '../../src/resources/assistants.ts';
import { assistantDrafter } from '../../src/resources/drafts.ts';
import { succeeded } from '../../src/http/json.ts';

/** Limits table: `personality` length (2,100) and the android-only `base_sys_prompt` cap (5,000). */

const PERSONALITY_MAX = 2100;
const ANDROID_PROMPT_MAX = 5000;

/** Text of a given length whose every position is recognisable, so a cut shows where it happened. */
function markedText(length: number): string {
  let text = '';
  for (let n = 0; text.length < length; n += 1) text += `${n}|`;
  return text.slice(0, length);
}

/**
 * The same, with "é" (U+00E9) as the separator: one character however it is counted (code point,
 * UTF-16 unit, grapheme), but two bytes in UTF-8, so a limit counted in bytes shows.
 */
function accentedText(length: number): string {
  return markedText(length).replaceAll('|', '\u00e9');
}

/** Sends a create with extra fields; the assistant is tracked for removal whenever the create went through. */
async function create(
  context: CheckContext,
  fields: Record<string, unknown>,
): Promise<{ id: string; exchange: Exchange }> {
  const client = context.as('full');
  const body = (await assistantDrafter(client, context.spec, context.prefix))({ os: ['nt'], ...fields });
  const id = String(body.customPersonaId);
  const exchange = await client.call('createPersona', { body });
  if (succeeded(exchange)) trackAssistant(context.tracker, client, id);
  return { id, exchange };
}

/** The create answered the documented 200 with its {status: boolean, message} body. */
function expectCreated(context: CheckContext, exchange: Exchange): void {
  expectStatus(exchange, 200);
  expectSchema(context.spec, exchange);
}

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  check(
    'limits.personality.2100-accepted',
    ['LIM-03'],
    'a personality of exactly 2,100 characters is accepted (200) and the assistant exists',
    async (context) => {
      const { id, exchange } = await create(context, { personality: markedText(PERSONALITY_MAX) });
      expectCreated(context, exchange);
      expect((await readAssistant(context.as('full'), id)).customPersonaId, 'get of the assistant').toBe(id);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'limits.personality.2100-accented-accepted',
    ['LIM-03'],
    'a personality of exactly 2,100 characters, many of them non-ASCII (é), is accepted (200): the limit counts characters',
    async (context) => {
      const { id, exchange } = await create(context, { personality: accentedText(PERSONALITY_MAX) });
      expectCreated(context, exchange);
      expect((await readAssistant(context.as('full'), id)).customPersonaId, 'get of the assistant').toBe(id);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'limits.personality.2101-rejected',
    ['LIM-04'],
    'a personality of 2,101 characters is a 400',
    async (context) => {
      const { exchange } = await create(context, { personality: markedText(PERSONALITY_MAX + 1) });
      expectStatus(exchange, 400);
    },
    { operations: ['createPersona'] },
  );

  check(
    'limits.android-prompt.5000-kept',
    ['LIM-05'],
    'an android-only assistant keeps a 5,000-character base_sys_prompt whole',
    async (context) => {
      const prompt = markedText(ANDROID_PROMPT_MAX);
      const { id, exchange } = await create(context, { os: ['android'], base_sys_prompt: prompt });
      expectCreated(context, exchange);
      const stored = (await readAssistant(context.as('full'), id)).base_sys_prompt;
      expect(stored, 'base_sys_prompt as get returns it').toBe(prompt);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'limits.android-prompt.5000-accented-kept',
    ['LIM-05'],
    'an android-only assistant keeps a 5,000-character base_sys_prompt with non-ASCII characters (é) whole: the cap counts characters',
    async (context) => {
      const prompt = accentedText(ANDROID_PROMPT_MAX);
      const { id, exchange } = await create(context, { os: ['android'], base_sys_prompt: prompt });
      expectCreated(context, exchange);
      const stored = (await readAssistant(context.as('full'), id)).base_sys_prompt;
      expect(stored, 'base_sys_prompt as get returns it').toBe(prompt);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'limits.android-prompt.5001-truncated',
    ['LIM-06'],
    'an android-only assistant with a 5,001-character base_sys_prompt is created (200) and keeps its first 5,000 characters',
    async (context) => {
      const prompt = markedText(ANDROID_PROMPT_MAX + 1);
      const { id, exchange } = await create(context, { os: ['android'], base_sys_prompt: prompt });
      expectCreated(context, exchange);
      const stored = (await readAssistant(context.as('full'), id)).base_sys_prompt;
      expect(stored, 'base_sys_prompt as get returns it').toBe(prompt.slice(0, ANDROID_PROMPT_MAX));
    },
    { operations: ['createPersona', 'getPersona'] },
  );
});
