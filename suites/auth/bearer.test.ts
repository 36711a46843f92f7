import { describe, expect } from 'vitest';
import { expectInvalidBearer } from '../../src/expect/error-body.ts';
import {
  expectAuthRefusal,
  expectKeyStateRefusal,
  expectMessageCarriesDate,
  refusalCode,
} from '../../src/expect/refusal.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';
import { KEYRING_ROLES } from '../../src/target/keyring-types.ts';
import { prepareRequest } from '../../src/resources/operation-requests.ts';

const operations = [...loadOperationIndexSync().values()];

/** A key with the documented prefix that no implementation issued. */
const unknownKey = (prefix: string) => `svc_ai_${prefix}0unknown0key`;

/** The operation's prepared request (valid for an allowed key) sent with `client`. */
async function callPrepared(
  operationId: string,
  client: ApiClient,
  context: CheckContext,
): Promise<Exchange> {
  const { input, settle } = await prepareRequest(operationId, context.workbench());
  const exchange = await client.call(operationId, input);
  settle?.(exchange);
  return exchange;
}

/** `auth` and `success` are documented for the scope-gate 403s only; on the key-state 403s they are recorded. */
function recordFlags(context: CheckContext, exchange: Exchange): void {
  const json = exchange.response?.json;
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  context.observe(
    'ERR-01',
    `${refusalCode(exchange)}: auth ${JSON.stringify(body.auth)}, success ${JSON.stringify(body.success)}`,
  );
}

for (const operation of operations) {
  describe(operation.label, () => {
    check(
      `auth.bearer.${operation.operationId}.unknown-key`,
      ['ERR-03', 'AUTH-01'],
      'a well-formed Bearer header naming a key that does not exist is 401 invalid bearer token',
      async (context) => {
        const exchange = await callPrepared(
          operation.operationId,
          context.withAuthorization(`Bearer ${unknownKey(context.prefix)}`),
          context,
        );
        expectInvalidBearer(exchange);
      },
      { operations: [operation.operationId] },
    );

    check(
      `auth.bearer.${operation.operationId}.revoked-key`,
      ['ERR-05'],
      'a revoked key is refused with 403 key_revoked',
      async (context) => {
        const exchange = await callPrepared(operation.operationId, context.as('revoked'), context);
        expectKeyStateRefusal(exchange, 'key_revoked');
        recordFlags(context, exchange);
      },
      { operations: [operation.operationId] },
    );

    check(
      `auth.bearer.${operation.operationId}.expired-key`,
      ['ERR-06', 'ERR-07'],
      'an expired key is refused with 403 key_expired, the message carrying the date',
      async (context) => {
        const exchange = await callPrepared(operation.operationId, context.as('expired'), context);
        expectKeyStateRefusal(exchange, 'key_expired');
        expectMessageCarriesDate(exchange);
        recordFlags(context, exchange);
      },
      { operations: [operation.operationId] },
    );
  });
}

/** Authorization values that are not `Bearer <key>`; `{key}` stands for a valid key of the keyring. */
const MALFORMED_HEADERS = [
  // Basic carries a user and password of no account: an encoded key would escape the reports' redaction.
  {
    name: 'basic',
    label: 'the Basic scheme',
    header: () => `Basic ${Buffer.from('conformance:not-a-key').toString('base64')}`,
  },
  {
    name: 'token-scheme',
    label: 'another scheme (Token) carrying a valid key',
    header: (key: string) => `Token ${key}`,
  },
  { name: 'no-scheme', label: 'a valid key without the Bearer scheme', header: (key: string) => key },
  { name: 'bearer-without-key', label: 'Bearer with no key after it', header: () => 'Bearer' },
] as const;

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  for (const form of MALFORMED_HEADERS) {
    check(
      `auth.bearer.malformed.${form.name}`,
      ['ERR-04', 'AUTH-01'],
      `an Authorization header that is ${form.label} is 401 invalid bearer token`,
      async ({ as, target, withAuthorization }) => {
        as('full'); // skips without a full key, whose value the header carries
        const key = target.keyring.keys.full ?? '';
        const exchange = await withAuthorization(form.header(key)).call('listPersonas', {
          path: { sessionId: 'conformance' },
        });
        expectInvalidBearer(exchange);
      },
      { operations: ['listPersonas'] },
    );
  }

  check(
    'auth.bearer.no-header',
    ['AUTH-01', 'CONV-16'],
    'a request without an Authorization header is refused (401 or 403); which answer is recorded',
    async ({ withAuthorization, observe }) => {
      const exchange = await withAuthorization(null).call('listPersonas', {
        path: { sessionId: 'conformance' },
      });
      // "Every endpoint takes the header": no request is served without it. Whether its absence is
      // the 401 of a header "not in Bearer form" or another refusal is not stated separately.
      observe('CONV-16', refusalCode(exchange));
      expectAuthRefusal(exchange);
    },
    { operations: ['listPersonas'] },
  );

  check(
    'auth.bearer.no-other-handshake',
    ['AUTH-01', 'AUTH-02'],
    'a first request carrying only Authorization: Bearer <key> succeeds, with no other handshake',
    async ({ as }) => {
      expectStatus(await as('full').call('listPersonas', { path: { sessionId: 'conformance' } }), 200);
    },
    { operations: ['listPersonas'] },
  );
});

describe('keyring', () => {
  check(
    'auth.keys.prefix',
    ['AUTH-04'],
    'every API key the implementation issued starts with svc_ai_',
    async ({ target, skip }) => {
      const roles = KEYRING_ROLES.filter((role) => target.keyring.keys[role] !== undefined);
      if (roles.length === 0) return skip('the keyring holds no keys');
      const unprefixed = roles.filter((role) => !(target.keyring.keys[role] ?? '').startsWith('svc_ai_'));
      expect(unprefixed, `roles whose key does not start with svc_ai_: ${unprefixed.join(', ')}`).toEqual([]);
    },
  );
});
