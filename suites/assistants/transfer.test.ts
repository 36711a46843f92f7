import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { assistantObjectId, readAssistant, trackAssistant } from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS } from '../../src/resources/drafts.ts';
import { bodyOf } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';

const TRANSFER = { operations: ['transferOwnership'] };

/** What get shows of an assistant that must not have moved (the fields get documents). */
const UNCHANGED = ['_id', 'customPersonaId', 'name', 'base_sys_prompt', 'voice'] as const;

/** Account B's owner email, or a skip naming what the keyring lacks. */
function otherEmail(ctx: CheckContext): string {
  ctx.as('other');
  const email = ctx.target.keyring.accounts?.other?.email;
  if (email === undefined) return ctx.skip('the keyring has no accounts.other.email (the transfer target)');
  return email;
}

/**
 * Creates an assistant of account A and transfers it to account B. From the moment the transfer
 * succeeds B owns it, so B's key deletes it when the file ends.
 */
async function transferred(
  ctx: CheckContext,
  email: string,
  body: Record<string, unknown>,
): Promise<{ customPersonaId: string; exchange: Exchange }> {
  const client = ctx.as('full');
  const created = await ctx.make().assistant({ isPublic: false, os: ['nt'], authorised_users_email: [] });
  const objectId = await assistantObjectId(client, created.customPersonaId);
  const exchange = await client.call('transferOwnership', {
    path: { personaId: objectId },
    body: { newOwnerEmail: email, ...body },
  });
  if (exchange.response?.status === 200) {
    created.forget();
    trackAssistant(ctx.tracker, ctx.as('other'), created.customPersonaId);
  }
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
  return { customPersonaId: created.customPersonaId, exchange };
}

function renameBody(customPersonaId: string, prefix: string) {
  return { body: { personaId: customPersonaId, name: `${prefix} renamed after transfer` } };
}

describe('transferOwnership — POST /persona/enterprise/transferOwnership/{personaId}', () => {
  check(
    'assistants.transfer.non-object-id-400',
    ['AS-TRANSFER-02', 'AS-TRANSFER-03', 'ERR-17', 'IDS-04', 'ERR-20'],
    'answers 400 when personaId is not an object id (here the customPersonaId) and leaves the assistant with its owner',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant();
      const email = ctx.target.keyring.accounts?.other?.email ?? `nobody.${ctx.prefix}@example.com`;
      const exchange = await client.call('transferOwnership', {
        path: { personaId: customPersonaId },
        body: { newOwnerEmail: email },
      });
      ctx.observe('ERR-20', `transfer with a customPersonaId: ${stableErrorSummary(exchange, ctx.prefix)}`);
      expectStatus(exchange, 400);
      expectStatus(await client.call('updatePersona', renameBody(customPersonaId, ctx.prefix)), 200);
    },
    TRANSFER,
  );

  check(
    'assistants.transfer.new-owner-has-it',
    ['AS-TRANSFER-02', 'AS-TRANSFER-04', 'AS-TRANSFER-08', 'IDS-04', 'CONV-10'],
    'transfers the assistant addressed by its _id to the account of newOwnerEmail, which then lists it among its own',
    async (ctx) => {
      const email = otherEmail(ctx);
      const { customPersonaId } = await transferred(ctx, email, {});
      const { found } = await findInCollection(
        ctx.as('other'),
        'listPersonas',
        'customPersonaId',
        [customPersonaId],
        {
          query: { isPublic: 'private', os: ALL_PLATFORMS },
        },
      );
      expect(
        found.has(customPersonaId),
        'account B lists the transferred assistant under isPublic=private',
      ).toBe(true);
    },
    { operations: ['transferOwnership', 'listPersonas'] },
  );

  check(
    'assistants.transfer.default-drops-access',
    ['AS-TRANSFER-06'],
    "without keepAccess (default false) the former owner's update is a 400",
    async (ctx) => {
      const email = otherEmail(ctx);
      const { customPersonaId } = await transferred(ctx, email, {});
      expectStatus(await ctx.as('full').call('updatePersona', renameBody(customPersonaId, ctx.prefix)), 400);
    },
    { operations: ['transferOwnership', 'updatePersona'] },
  );

  check(
    'assistants.transfer.keep-access',
    ['AS-TRANSFER-07', 'AS-TRANSFER-09'],
    'with keepAccess true the response carries note and the former owner can still update the assistant',
    async (ctx) => {
      const email = otherEmail(ctx);
      const { customPersonaId, exchange } = await transferred(ctx, email, { keepAccess: true });
      if (!('note' in bodyOf(exchange)))
        throw new ConformanceFailure(
          'Received: no note / Documented: note is present when access is retained',
          exchange,
        );
      expectStatus(await ctx.as('full').call('updatePersona', renameBody(customPersonaId, ctx.prefix)), 200);
    },
    { operations: ['transferOwnership', 'updatePersona'] },
  );

  check(
    'assistants.transfer.unknown-email',
    ['AS-TRANSFER-04', 'AS-TRANSFER-05'],
    'refuses a transfer to an email that has no account, and the assistant stays with its owner, unchanged',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant({ isPublic: false, authorised_users_email: [] });
      const before = await readAssistant(client, customPersonaId);
      const exchange = await client.call('transferOwnership', {
        path: { personaId: String(before._id) },
        body: { newOwnerEmail: `nobody.${ctx.prefix}@example.com` },
      });
      ctx.observe('AS-TRANSFER-05', `HTTP ${exchange.response?.status ?? exchange.error}`);
      // A success fails at once; a 5xx is warned, but only once the assistant is known to be safe.
      const status = exchange.response?.status ?? 0;
      if (status < 500) expectRejected(exchange);
      const after = await readAssistant(client, customPersonaId);
      for (const field of UNCHANGED)
        expect(after[field], `${field} after the refused transfer`).toEqual(before[field]);
      expectStatus(await client.call('updatePersona', renameBody(customPersonaId, ctx.prefix)), 200);
      expectRejected(exchange);
    },
    { operations: ['transferOwnership', 'getPersona', 'updatePersona'] },
  );
});
