import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectShareToken, SHARE_PREFIX } from '../../src/expect/share-token.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { trackAssistant } from '../../src/resources/assistants.ts';
import { assistantDrafter } from '../../src/resources/drafts.ts';
import { succeeded } from '../../src/http/json.ts';

/** Mints a share token for a new assistant of the run. */
async function shareToken(
  ctx: CheckContext,
): Promise<{ token: string; draft: (o?: Record<string, unknown>) => Record<string, unknown> }> {
  const client = ctx.as('full');
  const draft = await assistantDrafter(client, ctx.spec, ctx.prefix);
  const { customPersonaId } = await ctx.make().assistant();
  const exchange = await client.call('sharePersona', { path: { customPersonaId } });
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
  return { token: expectShareToken(exchange), draft };
}

describe('sharePersona — POST /persona/enterprise/sharePersona/{customPersonaId}', () => {
  check(
    'assistants.share.token',
    ['AS-SHARE-02', 'AS-SHARE-03', 'CONV-10', 'IDS-07'],
    'answers {status: boolean, message, data} for the customPersonaId, where data is a token beginning con_sh_',
    async (ctx) => {
      const { token } = await shareToken(ctx);
      expect(token.length, 'a token longer than its prefix').toBeGreaterThan(SHARE_PREFIX.length);
    },
    { operations: ['sharePersona'] },
  );

  check(
    'assistants.share.not-an-api-key',
    ['AS-SHARE-05', 'AUTH-25'],
    'a share token used as a bearer key is refused (401 or 403) on routes unrelated to its assistant',
    async (ctx) => {
      const { token, draft } = await shareToken(ctx);
      const bearer = ctx.withAuthorization(`Bearer ${token}`);
      const listBases = await bearer.call('listKnowledgeBases');
      const body = draft();
      const create = await bearer.call('createPersona', { body });
      if (succeeded(create)) trackAssistant(ctx.tracker, ctx.as('full'), String(body.customPersonaId));
      for (const exchange of [listBases, create]) {
        ctx.observe(
          'AUTH-25',
          `${exchange.label.split(' — ')[0]}: ${stableErrorSummary(exchange, ctx.prefix)}`,
        );
      }
      for (const exchange of [listBases, create]) expectStatus(exchange, [401, 403]);
    },
    { operations: ['sharePersona', 'listKnowledgeBases', 'createPersona'] },
  );
});
