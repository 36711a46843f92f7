import { describe, expect } from 'vitest';
import { expectStatus, expectSuccess } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { accountResources } from '../auth/account-resources.ts';

/** Limits table: `personality` length (2,100) and the android-only `base_sys_prompt` cap (5,000). */

const PERSONALITY_MAX = 2100;
const ANDROID_PROMPT_MAX = 5000;

/** Text of a given length whose every position is recognisable, so a cut shows where it happened. */
function markedText(length: number): string {
  let text = '';
  for (let n = 0; text.length < length; n += 1) text += `${n}|`;
  return text.slice(0, length);
}

/** Creates an assistant with extra fields; it is tracked for removal whenever the create went through. */
async function create(
  context: CheckContext,
  label: string,
  fields: Record<string, unknown>,
): Promise<{ id: string; exchange: Exchange }> {
  const resources = accountResources(context);
  const body = await resources.personaBody(label, fields);
  const id = body.customPersonaId as string;
  const exchange = await resources.client.call('createPersona', { body });
  const status = exchange.response?.status ?? 0;
  if (status >= 200 && status <= 299) resources.trackPersona(id);
  return { id, exchange };
}

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  check(
    'limits.personality.2100-accepted',
    ['LIM-03'],
    'a personality of exactly 2,100 characters is accepted',
    async (context) => {
      const { exchange } = await create(context, 'personality-2100', {
        personality: markedText(PERSONALITY_MAX),
      });
      expectStatus(exchange, 200);
    },
    { operations: ['createPersona'] },
  );

  check(
    'limits.personality.2101-rejected',
    ['LIM-04'],
    'a personality of 2,101 characters is a 400',
    async (context) => {
      const { exchange } = await create(context, 'personality-2101', {
        personality: markedText(PERSONALITY_MAX + 1),
      });
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
      const { id, exchange } = await create(context, 'android-5000', {
        os: ['android'],
        base_sys_prompt: prompt,
      });
      expectStatus(exchange, 200);
      const stored = (await accountResources(context).getPersona(id)).base_sys_prompt;
      expect(stored, 'base_sys_prompt as get returns it').toBe(prompt);
    },
    { operations: ['createPersona', 'getPersona'] },
  );

  check(
    'limits.android-prompt.5001-truncated',
    ['LIM-06'],
    'an android-only assistant with a 5,001-character base_sys_prompt is created without error and keeps its first 5,000 characters',
    async (context) => {
      const prompt = markedText(ANDROID_PROMPT_MAX + 1);
      const { id, exchange } = await create(context, 'android-5001', {
        os: ['android'],
        base_sys_prompt: prompt,
      });
      expectSuccess(exchange);
      const stored = (await accountResources(context).getPersona(id)).base_sys_prompt;
      expect(stored, 'base_sys_prompt as get returns it').toBe(prompt.slice(0, ANDROID_PROMPT_MAX));
    },
    { operations: ['createPersona', 'getPersona'] },
  );
});
