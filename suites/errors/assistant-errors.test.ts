import { describe } from 'vitest';
import { expectMessage, expectMessagePrefix } from '../../src/expect/error-body.ts';
import { errorSummary } from '../../src/expect/refusal.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { succeeded } from '../../src/http/json.ts';
import { trackAssistant } from '../../src/resources/assistants.ts';

/** The assistant rows of the Errors table, one check per row and condition. */

const SESSION = 'conformance';

/** A private assistant of account B that no one else is granted. */
const PRIVATE = { isPublic: false, authorised_users_email: [] };

/**
 * Sends account A's create of the written body (every required field, nothing drawn) with
 * `overrides`, the check's own operation: a 400 can then only be about the field the check
 * changes. A create that should have been refused but went through is removed with the file's
 * other resources.
 */
async function attemptCreate(
  context: CheckContext,
  label: string,
  overrides: Record<string, unknown>,
): Promise<Exchange> {
  const resources = context.resources();
  const body = await resources.personaBody(label, overrides);
  const exchange = await resources.client.call('createPersona', { body });
  if (succeeded(exchange)) resources.track('assistant', String(body.customPersonaId));
  return exchange;
}

describe('getPersona — POST /persona/enterprise/getPersona/{sessionId}/{personaId}', () => {
  check(
    'errors.400.get-assistant-unknown-id',
    ['ERR-12', 'ERR-13'],
    '400 (not 404): get assistant for an id that names no assistant',
    async (context) => {
      const exchange = await context.as('full').call('getPersona', {
        path: { sessionId: SESSION, personaId: `${context.prefix}-no-such-assistant` },
      });
      context.observe('ERR-13', errorSummary(exchange));
      expectStatus(exchange, 400);
    },
    { operations: ['getPersona'] },
  );

  check(
    'errors.400.get-assistant-other-account',
    ['ERR-12', 'ERR-13'],
    "400: get assistant for another account's private assistant",
    async (context) => {
      const full = context.as('full');
      // A labelled id (not a drawn one): the observed message may name it, and must not vary by seed.
      const theirs = await context.resources('other').createPersona('private', PRIVATE);
      const exchange = await full.call('getPersona', {
        path: { sessionId: SESSION, personaId: theirs.customPersonaId },
      });
      context.observe('ERR-13', errorSummary(exchange));
      expectStatus(exchange, 400);
    },
    { operations: ['getPersona'] },
  );
});

describe('updatePersona — PUT /persona/enterprise/updatePersona', () => {
  check(
    'errors.400.update-assistant-not-owned',
    ['ERR-14'],
    "400 unauthorized user: update an assistant the account does not own (another account's)",
    async (context) => {
      const full = context.as('full');
      const theirs = await context.make('other').assistant(PRIVATE);
      const exchange = await full.call('updatePersona', {
        body: { personaId: theirs.customPersonaId, title: 'Not mine to change' },
      });
      expectMessage(exchange, 400, 'unauthorized user');
    },
    { operations: ['updatePersona'] },
  );
});

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  check(
    'errors.400.create-assistant-without-isPublic',
    ['ERR-15', 'ERR-20'],
    '400: create assistant without isPublic',
    async (context) => {
      const exchange = await attemptCreate(context, 'no-ispublic', { isPublic: undefined });
      context.observe('ERR-20', `without isPublic: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['createPersona'] },
  );

  check(
    'errors.400.create-assistant-personality-too-long',
    ['ERR-16', 'ERR-20'],
    '400: create assistant with a personality longer than 2,100 characters (2,101)',
    async (context) => {
      const exchange = await attemptCreate(context, 'long-personality', { personality: 'p'.repeat(2101) });
      context.observe('ERR-20', `personality of 2,101: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['createPersona'] },
  );

  check(
    'errors.404.create-assistant-duplicate-id',
    ['ERR-21'],
    '404 with a message starting "persona already exists with": create assistant with a duplicate customPersonaId',
    async (context) => {
      const first = await context.make().assistant();
      const body = await context.resources().personaBody('duplicate-again', {
        customPersonaId: first.customPersonaId,
        name: 'The same id again',
      });
      const exchange = await context.as('full').call('createPersona', { body });
      expectMessagePrefix(exchange, 404, 'persona already exists with');
    },
    { operations: ['createPersona'] },
  );
});

describe('transferOwnership — POST /persona/enterprise/transferOwnership/{personaId}', () => {
  check(
    'errors.400.transfer-non-object-id',
    ['ERR-17', 'ERR-20'],
    '400: transfer with a personaId that is not an object id (the customPersonaId of an own assistant)',
    async (context) => {
      const full = context.as('full');
      const mine = await context.make().assistant();
      // An existing owner, so that the path segment is the only thing wrong with the request.
      const newOwnerEmail =
        context.target.keyring.accounts?.other?.email ?? `nobody-${context.prefix}@example.invalid`;
      const exchange = await full.call('transferOwnership', {
        path: { personaId: mine.customPersonaId },
        body: { newOwnerEmail },
      });
      const status = exchange.response?.status ?? 0;
      if (status >= 200 && status <= 299 && context.target.keyring.keys.other !== undefined) {
        // Transferred by mistake: account B now owns it and removes it.
        mine.forget();
        trackAssistant(context.tracker, context.as('other'), mine.customPersonaId);
      }
      context.observe('ERR-20', `transfer by a non-object id: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['transferOwnership'] },
  );
});
