import { describe } from 'vitest';
import { expectMessage, expectMessagePrefix } from '../../src/checks/error-body.ts';
import { errorSummary } from '../../src/checks/refusal.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { type AccountResources } from '../../src/resources/account.ts';
import { succeeded } from '../../src/http/json.ts';

/** The assistant rows of the Errors table, one check per row and condition. */

const SESSION = 'conformance';

/** A create that should have been refused but went through is removed with the file's other resources. */
function trackIfCreated(resources: AccountResources, customPersonaId: string, exchange: Exchange): void {
  if (succeeded(exchange)) resources.track('assistant', customPersonaId);
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
      const theirs = await context.resources('other').createPersona('private', { isPublic: false });
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
      const theirs = await context.resources('other').createPersona('not-yours', { isPublic: false });
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
      const resources = context.resources();
      const { isPublic: _omitted, ...body } = await resources.personaBody('no-ispublic');
      const exchange = await resources.client.call('createPersona', { body });
      trackIfCreated(resources, body.customPersonaId as string, exchange);
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
      const resources = context.resources();
      const body = await resources.personaBody('long-personality', { personality: 'p'.repeat(2101) });
      const exchange = await resources.client.call('createPersona', { body });
      trackIfCreated(resources, body.customPersonaId as string, exchange);
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
      const resources = context.resources();
      const first = await resources.createPersona('duplicate');
      const body = await resources.personaBody('duplicate-again', {
        customPersonaId: first.customPersonaId,
        name: 'The same id again',
      });
      const exchange = await resources.client.call('createPersona', { body });
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
      const mine = await context.resources().createPersona('transfer-by-slug');
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
        context.resources('other').track('assistant', mine.customPersonaId);
      }
      context.observe('ERR-20', `transfer by a non-object id: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['transferOwnership'] },
  );
});
