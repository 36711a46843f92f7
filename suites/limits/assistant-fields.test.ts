import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
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

/**
 * A text at the limit, plain and with non-ASCII characters (é): one character however counted, two
 * bytes in UTF-8, so a limit counted in bytes shows. Each is its own check.
 */
const AT_LIMIT = [
  {
    variant: '',
    text: markedText,
    personality: 'a personality of exactly 2,100 characters is accepted (200) and the assistant exists',
    prompt: 'an android-only assistant keeps a 5,000-character base_sys_prompt whole',
  },
  {
    variant: '-accented',
    text: accentedText,
    personality:
      'a personality of exactly 2,100 characters, many of them non-ASCII (é), is accepted (200): the limit counts characters',
    prompt:
      'an android-only assistant keeps a 5,000-character base_sys_prompt with non-ASCII characters (é) whole: the cap counts characters',
  },
] as const;

/** base_sys_prompt as get returns it. */
async function storedPrompt(context: CheckContext, id: string): Promise<unknown> {
  return (await readAssistant(context.as('full'), id)).base_sys_prompt;
}

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  for (const { variant, text, personality } of AT_LIMIT) {
    check(
      `limits.personality.2100${variant}-accepted`,
      ['LIM-03'],
      personality,
      async (context) => {
        const { id, exchange } = await create(context, { personality: text(PERSONALITY_MAX) });
        expectCreated(context, exchange);
        expect((await readAssistant(context.as('full'), id)).customPersonaId, 'get of the assistant').toBe(
          id,
        );
      },
      { operations: ['createPersona', 'getPersona'] },
    );
  }

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

  for (const { variant, text, prompt: title } of AT_LIMIT) {
    check(
      `limits.android-prompt.5000${variant}-kept`,
      ['LIM-05'],
      title,
      async (context) => {
        const prompt = text(ANDROID_PROMPT_MAX);
        const { id, exchange } = await create(context, { os: ['android'], base_sys_prompt: prompt });
        expectCreated(context, exchange);
        expect(await storedPrompt(context, id), 'base_sys_prompt as get returns it').toBe(prompt);
      },
      { operations: ['createPersona', 'getPersona'] },
    );
  }

  check(
    'limits.android-prompt.5001-truncated',
    ['LIM-06'],
    'an android-only assistant with a 5,001-character base_sys_prompt is created (200) and keeps its first 5,000 characters',
    async (context) => {
      const prompt = markedText(ANDROID_PROMPT_MAX + 1);
      const { id, exchange } = await create(context, { os: ['android'], base_sys_prompt: prompt });
      expectCreated(context, exchange);
      expect(await storedPrompt(context, id), 'base_sys_prompt as get returns it').toBe(
        prompt.slice(0, ANDROID_PROMPT_MAX),
      );
    },
    { operations: ['createPersona', 'getPersona'] },
  );
});
