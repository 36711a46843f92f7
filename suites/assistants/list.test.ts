import { describe, expect } from 'vitest';
import { expectComponentSchema } from '../../src/expect/component-schema.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { ALL_PLATFORMS } from '../../src/resources/drafts.ts';
import { createMine } from './mine.ts';
import { isObject } from '../../src/http/json.ts';
import { findInCollection, type CollectOptions } from '../../src/resources/pages.ts';

const LIST = { operations: ['listPersonas'] };
const LIST_FIELDS = [
  '_id',
  'customPersonaId',
  'name',
  'title',
  'isPublic',
  'voice',
  'os',
  'Is_main_agent',
  'attached_kbs',
  'createdAt',
];

/** Which of `ids` the list shows with these query parameters (every page read). */
async function listed(
  ctx: Pick<CheckContext, 'as' | 'spec'>,
  ids: string[],
  options: CollectOptions = {},
  role: 'full' | 'other' = 'full',
) {
  const { found } = await findInCollection(ctx.as(role), 'listPersonas', 'customPersonaId', ids, {
    ...options,
    onPage: (exchange) => expectSchema(ctx.spec, exchange),
  });
  return found;
}

/**
 * A private and a public assistant of account A's, granted to no one, and which of them account B's
 * list shows under `isPublic` (every platform). Skips, naming the role, without B's key.
 */
async function listedToOther(ctx: CheckContext, isPublic: string) {
  ctx.as('other');
  const [priv, pub] = (await createMine(
    ctx,
    { isPublic: false, os: ['nt'], authorised_users_email: [] },
    { isPublic: true, os: ['nt'], authorised_users_email: [] },
  )) as [string, string];
  const found = await listed(ctx, [priv, pub], { query: { isPublic, os: ALL_PLATFORMS } }, 'other');
  return { priv, pub, found };
}

/** What ret=count returned, with the account-wide numbers left out (they change from run to run). */
function countShape(json: unknown): string {
  if (typeof json === 'number') return 'a bare number';
  if (!isObject(json)) return `a ${typeof json}`;
  return `{${Object.entries(json)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? 'array' : typeof value}`)
    .join(', ')}}`;
}

function sameMembers(actual: unknown, expected: readonly unknown[]): boolean {
  return (
    Array.isArray(actual) &&
    actual.length === new Set(actual).size &&
    new Set(actual).size === expected.length &&
    expected.every((e) => actual.includes(e))
  );
}

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  check(
    'assistants.list.shape',
    [
      'AS-LIST-02',
      'AS-LIST-13',
      'AS-LIST-14',
      'AS-LIST-15',
      'CONV-09',
      'IDS-01',
      'AS-SHAPE-01',
      'AS-SHAPE-02',
      'AS-SHAPE-03',
      'AS-SHAPE-04',
      'AS-SHAPE-05',
      'AS-SHAPE-06',
      'AS-SHAPE-07',
      'AS-SHAPE-08',
      'AS-SHAPE-09',
      'AS-SHAPE-10',
      'AS-CREATE-12',
      'AS-CREATE-20',
      'AS-SHAPE-25',
    ],
    'returns {allPersonas, totalPersonas, currentPage, totalPages} without status (a page past the last too), and lists a created assistant with the list fields as sent',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId, body } = await ctx
        .make()
        .assistant({ os: ['nt'], Is_main_agent: true, title: 'Front desk assistant' });

      const first = await client.call('listPersonas', { path: { sessionId: 'conformance' } });
      expectStatus(first, 200);
      expectSchema(ctx.spec, first);
      // A page past the last holds no assistant; where it is a 200 (its status is not stated) it is
      // a list answer all the same: an allPersonas array, and no status field.
      const totalPages = (first.response?.json as { totalPages?: unknown } | undefined)?.totalPages;
      if (typeof totalPages === 'number' && Number.isInteger(totalPages)) {
        const beyond = await client.call('listPersonas', {
          path: { sessionId: 'conformance' },
          query: { page: totalPages + 1 },
        });
        if (beyond.response?.status === 200) expectSchema(ctx.spec, beyond);
      }

      const { items } = await findInCollection(client, 'listPersonas', 'customPersonaId', [customPersonaId], {
        onPage: (exchange) => expectSchema(ctx.spec, exchange),
      });
      const item = items.get(customPersonaId);
      if (!item)
        throw new ConformanceFailure(
          `Received: ${customPersonaId} on no page of the list / Documented: every assistant the account can see`,
          first,
        );
      expect(item.name, 'name').toBe(body.name);
      expect(item.title, 'title').toBe(body.title);
      expect(item.isPublic, 'isPublic').toBe(body.isPublic);
      expect(item.voice, 'voice: the voice _id sent').toBe(body.voice);
      expect(sameMembers(item.os, ['nt']), `os ${JSON.stringify(item.os)}`).toBe(true);
      expect(item.Is_main_agent, 'Is_main_agent, spelt as on create').toBe(true);
      expect(item.attached_kbs, 'attached_kbs of an assistant with no base').toEqual([]);
      ctx.observe(
        'AS-SHAPE-25',
        Object.keys(item)
          .filter((k) => !LIST_FIELDS.includes(k))
          .join(', ') || 'no fields beyond the list table',
      );
    },
    LIST,
  );

  check(
    'assistants.list.private-is-owned',
    ['AS-LIST-04'],
    "isPublic=private lists the caller's own assistants, public or not",
    async (ctx) => {
      const [mine, minePublic] = await createMine(
        ctx,
        { isPublic: false, os: ['nt'] },
        { isPublic: true, os: ['nt'] },
      );
      const found = await listed(ctx, [mine!, minePublic!], {
        query: { isPublic: 'private', os: ALL_PLATFORMS },
      });
      expect([...found].sort(), 'own assistants under isPublic=private').toEqual([mine, minePublic].sort());
    },
    LIST,
  );

  check(
    'assistants.list.public-is-shared-catalog',
    ['AS-LIST-05', 'AS-CREATE-03'],
    'isPublic=public lists an assistant created with isPublic true and not one created with false',
    async (ctx) => {
      const [priv, pub] = await createMine(
        ctx,
        { isPublic: false, os: ['nt'] },
        { isPublic: true, os: ['nt'] },
      );
      const found = await listed(ctx, [priv!, pub!], { query: { isPublic: 'public', os: ALL_PLATFORMS } });
      expect(found.has(pub!), 'the public assistant is in the shared catalog').toBe(true);
      expect(found.has(priv!), 'the private assistant is not in the shared catalog').toBe(false);
    },
    LIST,
  );

  check(
    'assistants.list.public-catalog-shared-across-accounts',
    ['AS-CREATE-03', 'AS-LIST-05'],
    "another account's isPublic=public lists an assistant created with isPublic true (the shared catalog), and not one created with false",
    async (ctx) => {
      const { priv, pub, found } = await listedToOther(ctx, 'public');
      expect(found.has(pub), "account A's public assistant in account B's shared catalog").toBe(true);
      expect(found.has(priv), "account A's private assistant in account B's shared catalog").toBe(false);
    },
    LIST,
  );

  check(
    'assistants.list.is-public-default-all',
    ['AS-LIST-03'],
    'accepts isPublic private, public and all, and without isPublic lists what isPublic=all lists',
    async (ctx) => {
      const ids = await createMine(ctx, { isPublic: false, os: ['nt'] }, { isPublic: true, os: ['nt'] });
      for (const isPublic of ['private', 'public']) {
        const exchange = await ctx
          .as('full')
          .call('listPersonas', { path: { sessionId: 'conformance' }, query: { isPublic } });
        expectStatus(exchange, 200);
        expectSchema(ctx.spec, exchange);
      }
      const all = await listed(ctx, ids, { query: { isPublic: 'all' } });
      const byDefault = await listed(ctx, ids);
      expect([...all].sort(), 'isPublic=all lists both').toEqual([...ids].sort());
      expect([...byDefault].sort(), 'no isPublic lists what all lists').toEqual([...all].sort());
    },
    LIST,
  );

  check(
    'assistants.list.main-agent-false-is-tools',
    ['AS-LIST-07', 'AS-CREATE-21'],
    'isMainAgent=false lists an agentic tool and leaves out a main agent',
    async (ctx) => {
      const [main, tool] = await createMine(
        ctx,
        { Is_main_agent: true, is_agentic_tool: false, os: ['nt'] },
        { Is_main_agent: false, is_agentic_tool: true, os: ['nt'] },
      );
      const found = await listed(ctx, [main!, tool!], {
        query: { isMainAgent: 'false', isPublic: 'private' },
      });
      expect(found.has(tool!), 'the agentic tool is listed').toBe(true);
      expect(found.has(main!), 'the main agent is not listed').toBe(false);
    },
    LIST,
  );

  check(
    'assistants.list.main-agent-default-all',
    ['AS-LIST-06', 'AS-CREATE-19'],
    'accepts isMainAgent all, true and false; without it lists main agents and tools alike, true lists the main agent, and the list returns the tool with Is_main_agent false as created',
    async (ctx) => {
      const ids = await createMine(
        ctx,
        { Is_main_agent: true, is_agentic_tool: false, os: ['nt'] },
        { Is_main_agent: false, is_agentic_tool: true, os: ['nt'] },
      );
      const byDefault = await listed(ctx, ids, { query: { isPublic: 'private' } });
      const { found: all, items } = await findInCollection(
        ctx.as('full'),
        'listPersonas',
        'customPersonaId',
        ids,
        {
          query: { isPublic: 'private', isMainAgent: 'all' },
          onPage: (exchange) => expectSchema(ctx.spec, exchange),
        },
      );
      const mainOnly = await listed(ctx, ids, { query: { isPublic: 'private', isMainAgent: 'true' } });
      expect([...all].sort(), 'isMainAgent=all lists both').toEqual([...ids].sort());
      expect([...byDefault].sort(), 'no isMainAgent lists what all lists').toEqual([...all].sort());
      expect(mainOnly.has(ids[0]!), 'isMainAgent=true lists the main agent').toBe(true);
      // The list returns Is_main_agent (boolean): the tool's is the false it was created with.
      expect(items.get(ids[1]!)?.Is_main_agent, 'Is_main_agent of the tool created with false').toBe(false);
      // Only `false` is said to narrow (to agentic tools); what `true` does to a tool is not stated.
      ctx.observe(
        'AS-LIST-06',
        `isMainAgent=true ${mainOnly.has(ids[1]!) ? 'lists' : 'leaves out'} an agentic tool created with Is_main_agent false`,
      );
    },
    LIST,
  );

  check(
    'assistants.list.os-default-nt',
    ['AS-LIST-08', 'AS-CREATE-18'],
    'without os lists an nt assistant and not an android-only one; os=android,web selects by those platforms',
    async (ctx) => {
      const [nt, android] = await createMine(ctx, { os: ['nt'] }, { os: ['android'] });
      const byDefault = await listed(ctx, [nt!, android!], { query: { isPublic: 'private' } });
      expect(byDefault.has(nt!), 'the nt assistant without os').toBe(true);
      expect(byDefault.has(android!), 'the android-only assistant without os (default nt)').toBe(false);
      const { found, items } = await findInCollection(
        ctx.as('full'),
        'listPersonas',
        'customPersonaId',
        [nt!, android!],
        {
          query: { isPublic: 'private', os: 'android,web' },
        },
      );
      expect(found.has(android!), 'the android-only assistant with os=android,web').toBe(true);
      expect(found.has(nt!), 'the nt-only assistant with os=android,web').toBe(false);
      expect(items.get(android!)?.os, 'os as sent').toEqual(['android']);
    },
    LIST,
  );

  check(
    'assistants.list.origin-overrides-os',
    ['AS-LIST-09'],
    'with a browser Origin header ignores os and lists web, nt and android assistants',
    async (ctx) => {
      const [android, web] = await createMine(ctx, { os: ['android'] }, { os: ['web'] });
      const found = await listed(ctx, [android!, web!], {
        query: { isPublic: 'private', os: 'nt' },
        headers: { origin: 'https://console.example.com' },
      });
      expect(
        [...found].sort(),
        'os=nt with an Origin header lists android-only and web-only assistants',
      ).toEqual([android, web].sort());
    },
    LIST,
  );

  check(
    'assistants.list.ret-count',
    ['AS-LIST-12'],
    'with ret=count returns the total without the documents',
    async (ctx) => {
      const mine = await createMine(ctx, { os: ['nt'] }, { os: ['nt'] });
      const exchange = await ctx
        .as('full')
        .call('listPersonas', { path: { sessionId: 'conformance' }, query: { ret: 'count' } });
      expectStatus(exchange, 200);
      expectComponentSchema(ctx.spec, exchange, 'PersonaCountResponse');
      const json = exchange.response?.json;
      const totals =
        typeof json === 'number'
          ? [json]
          : isObject(json)
            ? Object.values(json).filter((v): v is number => Number.isInteger(v))
            : [];
      ctx.observe('AS-LIST-12', countShape(json));
      if (!totals.some((n) => n >= mine.length)) {
        throw new ConformanceFailure(
          `Received: no total of at least the ${mine.length} assistants just created / Documented: the total is returned`,
          exchange,
        );
      }
    },
    LIST,
  );

  check(
    'assistants.list.session-id-vestigial',
    ['CONV-07', 'CONV-08'],
    'accepts any non-empty sessionId and lists the same assistants for two different values',
    async (ctx) => {
      const ids = await createMine(ctx, { os: ['nt'] });
      for (const sessionId of ['x', `no-such-session-${ctx.prefix}`]) {
        const found = await listed(ctx, ids, { path: { sessionId }, query: { isPublic: 'private' } });
        expect([...found], `sessionId ${sessionId}`).toEqual(ids);
      }
    },
    LIST,
  );

  check(
    'assistants.list.other-account-private-hidden',
    ['AS-LIST-04'],
    "another account's private list leaves out assistants it neither owns nor was granted, public or not",
    async (ctx) => {
      // "private means owned or granted": a public assistant of A is in the shared catalog, not in B's own.
      const { priv, pub, found } = await listedToOther(ctx, 'private');
      expect(found.has(priv), "account B lists account A's private assistant").toBe(false);
      expect(found.has(pub), "account B lists account A's public assistant as its own").toBe(false);
    },
    LIST,
  );

  check(
    'assistants.list.other-account-private-not-visible',
    ['AS-LIST-02', 'AS-LIST-03'],
    "another account's list without isPublic and with isPublic=all leaves out a private assistant it was not granted (it lists what it can see)",
    async (ctx) => {
      ctx.as('other');
      const [mine] = await createMine(ctx, { isPublic: false, os: ['nt'], authorised_users_email: [] });
      for (const query of [{ os: ALL_PLATFORMS }, { isPublic: 'all', os: ALL_PLATFORMS }]) {
        const found = await listed(ctx, [mine!], { query }, 'other');
        expect(
          found.has(mine!),
          `account B lists account A's private assistant (${JSON.stringify(query)})`,
        ).toBe(false);
      }
    },
    LIST,
  );

  check(
    'assistants.list.granted-by-email',
    ['AS-LIST-04', 'AS-CREATE-23'],
    "an assistant whose authorised_users_email names another account's owner is in that account's private list",
    async (ctx) => {
      const email = ctx.target.keyring.accounts?.other?.email;
      if (email === undefined) return ctx.skip('the keyring has no accounts.other.email');
      ctx.as('other');
      const [granted] = await createMine(ctx, {
        isPublic: false,
        os: ['nt'],
        authorised_users_email: [email],
      });
      const found = await listed(
        ctx,
        [granted!],
        { query: { isPublic: 'private', os: ALL_PLATFORMS } },
        'other',
      );
      expect(found.has(granted!), 'account B lists the assistant granted to its owner').toBe(true);
    },
    LIST,
  );
});
