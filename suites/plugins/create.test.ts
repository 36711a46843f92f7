import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect } from 'vitest';
import { expectFieldsNamed } from '../../src/expect/fields-named.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { rawComponentSchema, requiredFields } from '../../src/generate/component-schemas.ts';
import { uniqueWord, withFreshPluginTitle } from '../../src/generate/identity.ts';
import { pluginCreateBody } from '../../src/generate/plugin.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { pluginBody, searchablePluginBody } from '../../src/resources/drafts.ts';
import { succeeded, type JsonObject } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import {
  deletePlugin,
  foundOwnPlugin,
  getPlugin,
  readPlugin,
  trackIfCreated,
  trackPlugin,
} from '../../src/resources/plugins.ts';

const CREATE = { operations: ['createPlugin'] };
const REQUIRED = requiredFields('PluginCreateBody');

/** The reserved built-in titles, as the spec's PluginCreateBody excludes them. */
function reservedTitles(): string[] {
  const title = (
    rawComponentSchema('PluginCreateBody').properties as Record<string, { not?: { enum?: unknown[] } }>
  ).title;
  return (title?.not?.enum ?? []).filter((t): t is string => typeof t === 'string');
}

/** A create the check expects refused: if it was not, the plugin is removed all the same. */
async function attemptCreate(
  ctx: Pick<CheckContext, 'tracker' | 'target'>,
  client: ApiClient,
  body: Record<string, unknown>,
): Promise<Exchange> {
  const exchange = await client.call('createPlugin', { body });
  trackIfCreated(ctx.tracker, client, body, exchange, ctx.target.runPrefix);
  return exchange;
}

/** The caller has no plugin of that title (the status of a get for an unknown title is not stated). */
async function expectNoOwnPlugin(client: ApiClient, title: string): Promise<void> {
  const exchange = await getPlugin(client, title);
  expect(
    foundOwnPlugin(exchange, title),
    `a plugin titled ${title} owned by the caller after the refused create`,
  ).toBe(false);
}

/**
 * A create the check expects accepted: 200 with the documented {status: boolean, message} body.
 * The create is the check's own operation, so its answer is judged here (removed all the same).
 */
async function createAccepted(
  ctx: Pick<CheckContext, 'as' | 'spec' | 'tracker' | 'target'>,
  body: Record<string, unknown>,
): Promise<void> {
  const exchange = await attemptCreate(ctx, ctx.as('full'), body);
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
}

/** The plugin as the own catalog lists it (every page read), or a failure naming the list. */
async function ownListItem(client: ApiClient, title: string): Promise<JsonObject> {
  const { items } = await findInCollection(client, 'listPlugins', 'title', [title], {
    query: { isPublic: 'private' },
  });
  const item = items.get(title);
  if (!item)
    throw new ConformanceFailure(
      `Received: ${title} on no page of isPublic=private / Documented: the account's own catalog`,
      undefined,
    );
  return item;
}

/**
 * The fields beyond get's table, judged only where get carries them (which it does is not stated):
 * the owner's own text and settings come back as sent, `parameters` as an object (its being the
 * object sent, key for key, is recorded: a store may drop an empty `properties` or `required`), the
 * URLs as strings (a server may normalise a URL, so only the logo's being absolute is asserted).
 * The code fields are left alone: whether get returns them in clear or encrypted is not stated.
 */
function expectCarriedAsSent(
  plugin: JsonObject,
  body: Record<string, unknown>,
  observe?: CheckContext['observe'],
): void {
  if ('ai_description' in plugin)
    expect(plugin.ai_description, 'ai_description, where get carries it').toBe(body.ai_description);
  if ('parameters' in plugin) {
    const parameters = plugin.parameters;
    expect(
      typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters),
      `parameters ${JSON.stringify(parameters)}, where get carries it: an object`,
    ).toBe(true);
    if (!isDeepStrictEqual(parameters, JSON.parse(JSON.stringify(body.parameters ?? null))))
      observe?.('PL-SHAPE-08', 'get returns parameters other than the object sent, key for key');
  }
  if ('isAnonymous' in plugin)
    expect(plugin.isAnonymous, 'isAnonymous, where get carries it').toBe(body.isAnonymous);
  if ('connection_url' in body && 'connection_url' in plugin)
    expect(typeof plugin.connection_url, 'connection_url, where sent and carried').toBe('string');
  if ('logo' in body && 'logo' in plugin)
    expect(
      isAbsoluteUrl(plugin.logo),
      `logo ${JSON.stringify(plugin.logo)}, where sent and carried: an absolute URL`,
    ).toBe(true);
}

/** An absolute URL: one with a scheme, which a bare path is not (the scheme is not stated). */
function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The documented default of is_agentic_tool, for a plugin created without it. */
const AGENTIC_DEFAULT = { status: false, object: null };

describe('createPlugin — POST /plugin/enterprise/createGlobalPlugin', () => {
  check(
    'plugins.create.readable-through-get',
    [
      'PL-CREATE-03',
      'PL-CREATE-06',
      'PL-GET-02',
      'CONV-10',
      'IDS-12',
      'PL-SHAPE-01',
      'PL-SHAPE-02',
      'PL-SHAPE-03',
      'PL-SHAPE-05',
      'PL-SHAPE-06',
      'PL-SHAPE-07',
      'PL-SHAPE-08',
      'PL-SHAPE-09',
      'PL-SHAPE-11',
      'PL-SHAPE-15',
      'PL-SHAPE-16',
      'PL-SHAPE-18',
      'PL-SHAPE-19',
      'PL-SHAPE-20',
    ],
    "any valid create body is accepted with {status: boolean, message}, and get by title returns its name, description and isPublic as the caller's (property)",
    async (ctx) => {
      const client = ctx.as('full');
      await expectProperty(
        fc.asyncProperty(pluginCreateBody(ctx.spec, { prefix: ctx.prefix }), async (generated) => {
          const body = withFreshPluginTitle(generated);
          const title = String(body.title);
          // The create is what the property is about: a refusal is its verdict, not a setup error.
          const exchange = await client.call('createPlugin', { body });
          const forget = succeeded(exchange) ? trackPlugin(ctx.tracker, client, title) : undefined;
          expectStatus(exchange, 200);
          expectSchema(ctx.spec, exchange);
          const plugin = await readPlugin(client, title);
          expect(plugin.title, 'title').toBe(body.title);
          expect(plugin.name, 'name').toBe(body.name);
          expect(plugin.human_description, 'human_description').toBe(body.human_description);
          expect(plugin.isPublic, 'isPublic').toBe(body.isPublic);
          expect(plugin.isOwner, 'isOwner of the creator').toBe(true);
          expectCarriedAsSent(plugin, body);
          await deletePlugin(client, title);
          forget?.();
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['createPlugin', 'getPlugin'] },
  );

  check(
    'plugins.create.fields-as-sent',
    ['PL-SHAPE-02', 'PL-SHAPE-07', 'PL-SHAPE-08', 'PL-SHAPE-16', 'PL-SHAPE-18', 'PL-SHAPE-19'],
    'a create with a long name, isAnonymous true, a logo and a connection_url without authentication is accepted; get returns the name as sent, and each other field where it carries it',
    async (ctx) => {
      const client = ctx.as('full');
      const body = pluginBody(ctx.spec, ctx.prefix, {
        name: 'Regional Weather Forecast Lookup for Travellers',
        isAnonymous: true,
        authentication_required: false,
        connection_url: 'https://auth.example.com/oauth/authorize',
        logo: 'https://images.example.com/plugins/weather.png',
      });
      await createAccepted(ctx, body);
      const plugin = await readPlugin(client, String(body.title));
      expect(plugin.name, 'name').toBe(body.name);
      expectCarriedAsSent(plugin, body, ctx.observe);
    },
    { operations: ['createPlugin', 'getPlugin'] },
  );

  check(
    'plugins.create.title-kept-verbatim',
    ['PL-SHAPE-01', 'IDS-12'],
    'a title with capital letters and digits, where the create accepts it, is one get finds the plugin under (its case as returned recorded)',
    async (ctx) => {
      const client = ctx.as('full');
      // snake_case is a convention, not a rule: a server that refuses this title is recorded.
      const body = pluginBody(ctx.spec, ctx.prefix, { title: `${ctx.prefix}_Weather_V2_${uniqueWord('X')}` });
      const exchange = await attemptCreate(ctx, client, body);
      if (!succeeded(exchange)) {
        ctx.observe(
          'PL-SHAPE-01',
          `a title with capital letters: ${stableErrorSummary(exchange, ctx.prefix)}`,
        );
        return;
      }
      // Found by get under the title sent (a lowercasing store loses it), and that plugin's. Whether a
      // server keeps the letters' case or folds it (snake_case by convention) is not stated: recorded.
      const plugin = await readPlugin(client, String(body.title));
      expect(String(plugin.title).toLowerCase(), 'the title get returns, ignoring case').toBe(
        String(body.title).toLowerCase(),
      );
      ctx.observe(
        'PL-SHAPE-01',
        plugin.title === body.title
          ? 'a title with capital letters is returned as sent'
          : 'a title with capital letters is returned with its case changed',
      );
    },
    { operations: ['createPlugin', 'getPlugin'] },
  );

  check(
    'plugins.create.false-and-empty-accepted',
    ['PL-CREATE-02'],
    'accepts required fields sent as false and [] (presence is checked, not truthiness)',
    async (ctx) => {
      const client = ctx.as('full');
      const body = pluginBody(ctx.spec, ctx.prefix, {
        tags: [],
        os: [],
        authentication_required: false,
        isPublic: false,
        isAnonymous: false,
        connection_url: undefined,
      });
      await createAccepted(ctx, body);
      const plugin = await readPlugin(client, String(body.title));
      expect([plugin.title, plugin.isPublic], 'title and isPublic false, as sent').toEqual([
        body.title,
        false,
      ]);
    },
    CREATE,
  );

  check(
    'plugins.create.missing-fields-named',
    ['PL-CREATE-03', 'ERR-22', 'ERR-23'],
    'any non-empty subset of the required fields left out gives one 404 whose message names every missing field, and no plugin (property)',
    async (ctx) => {
      const client = ctx.as('full');
      const cases = fc.tuple(
        pluginCreateBody(ctx.spec, { prefix: ctx.prefix }),
        fc.subarray(REQUIRED, { minLength: 1 }),
      );
      await expectProperty(
        fc.asyncProperty(cases, async ([generated, missing]) => {
          const body = withFreshPluginTitle(generated);
          for (const field of missing) delete body[field];
          const exchange = await attemptCreate(ctx, client, body);
          expectFieldsNamed(exchange, 404, missing);
          expectSchema(ctx.spec, exchange);
          if (typeof body.title === 'string') await expectNoOwnPlugin(client, body.title);
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    CREATE,
  );

  check(
    'plugins.create.connection-url-required-with-auth',
    ['PL-CREATE-04', 'PL-SHAPE-04'],
    'refuses authentication_required true without connection_url and creates no plugin',
    async (ctx) => {
      const client = ctx.as('full');
      const body = pluginBody(ctx.spec, ctx.prefix, {
        authentication_required: true,
        connection_url: undefined,
      });
      const exchange = await attemptCreate(ctx, client, body);
      ctx.observe(
        'ERR-26',
        `authentication_required without connection_url: ${stableErrorSummary(exchange, ctx.prefix)}`,
      );
      expectRejected(exchange);
      await expectNoOwnPlugin(client, String(body.title));
    },
    CREATE,
  );

  check(
    'plugins.create.optional-fields-optional',
    ['PL-CREATE-04', 'PL-CREATE-05', 'PL-CREATE-06', 'PL-SHAPE-21'],
    'accepts a body without logo, is_agentic_tool and (authentication not required) connection_url with {status: boolean, message}, and get then returns the plugin',
    async (ctx) => {
      const client = ctx.as('full');
      const body = pluginBody(ctx.spec, ctx.prefix, {
        authentication_required: false,
        connection_url: undefined,
        logo: undefined,
        is_agentic_tool: undefined,
      });
      await createAccepted(ctx, body);
      const plugin = await readPlugin(client, String(body.title));
      expect([plugin.title, plugin.name], 'title and name, as sent').toEqual([body.title, body.name]);
      if ('is_agentic_tool' in plugin)
        expect(plugin.is_agentic_tool, 'is_agentic_tool left out: the default').toEqual(AGENTIC_DEFAULT);
    },
    { operations: ['createPlugin', 'getPlugin'] },
  );

  check(
    'plugins.create.agentic-tool-default',
    ['PL-SHAPE-21', 'PL-SHAPE-20', 'PL-SEARCH-02'],
    'wherever get, the list or a search returns is_agentic_tool for a plugin created without it, it is {status: false, object: null}',
    async (ctx) => {
      const client = ctx.as('full');
      const term = uniqueWord(ctx.prefix);
      const body = searchablePluginBody(ctx.spec, ctx.prefix, term, { is_agentic_tool: undefined });
      await createAccepted(ctx, body);
      const { items } = await findInCollection(client, 'searchPlugins', 'title', [term], {
        query: { search: term },
      });
      const found = items.get(term);
      if (!found)
        throw new ConformanceFailure(
          `Received: no ${term} in a search for its own title / Documented: search finds the caller's plugin whose title, name, descriptions and tag are the term (PL-SEARCH-02)`,
          undefined,
        );
      const reads: Array<[string, JsonObject]> = [
        ['get', await readPlugin(client, term)],
        ['the list', await ownListItem(client, term)],
        ['search', found],
      ];
      const returning = reads.filter(([, item]) => 'is_agentic_tool' in item).map(([route]) => route);
      ctx.observe(
        'PL-SHAPE-21',
        returning.length > 0
          ? `is_agentic_tool returned by ${returning.join(', ')}`
          : 'no read returns is_agentic_tool',
      );
      for (const [route, item] of reads) {
        if ('is_agentic_tool' in item)
          expect(item.is_agentic_tool, `is_agentic_tool as ${route} returns it`).toEqual(AGENTIC_DEFAULT);
      }
    },
    { operations: ['createPlugin', 'getPlugin', 'listPlugins', 'searchPlugins'] },
  );

  for (const title of reservedTitles()) {
    check(
      `plugins.create.reserved-title-${title.replace(/_/g, '-')}`,
      ['ERR-25', 'IDS-15', 'ERR-26'],
      `refuses the reserved built-in title ${title} and gives the account no plugin of that title`,
      async (ctx) => {
        const client = ctx.as('full');
        const exchange = await attemptCreate(ctx, client, pluginBody(ctx.spec, ctx.prefix, { title }));
        ctx.observe('ERR-26', `reserved title ${title}: ${stableErrorSummary(exchange, ctx.prefix)}`);
        expectRejected(exchange);
        await expectNoOwnPlugin(client, title);
      },
      CREATE,
    );
  }

  check(
    'plugins.create.duplicate-title-400',
    ['ERR-19', 'IDS-11', 'ERR-20'],
    'answers 400 to a second create with an existing title and keeps the first plugin',
    async (ctx) => {
      const client = ctx.as('full');
      const { body: first } = await ctx.make().plugin();
      const exchange = await client.call('createPlugin', {
        body: pluginBody(ctx.spec, ctx.prefix, { title: first.title, name: 'Impostor' }),
      });
      ctx.observe('ERR-20', `duplicate plugin title: ${stableErrorSummary(exchange, ctx.prefix)}`);
      expectStatus(exchange, 400);
      expect((await readPlugin(client, String(first.title))).name, 'the first plugin keeps its name').toBe(
        first.name,
      );
    },
    CREATE,
  );

  check(
    'plugins.create.duplicate-title-other-account',
    ['IDS-11', 'ERR-19'],
    "answers 400 to another account reusing an existing title (unique platform-wide), and the first plugin stays its creator's, unchanged",
    async (ctx) => {
      const other = ctx.as('other');
      const client = ctx.as('full');
      const { body: first } = await ctx.make().plugin({ isPublic: false });
      const exchange = await attemptCreate(
        ctx,
        other,
        pluginBody(ctx.spec, ctx.prefix, { title: first.title, name: 'Impostor' }),
      );
      expectStatus(exchange, 400);
      const plugin = await readPlugin(client, String(first.title));
      expect([plugin.name, plugin.isOwner], "the first plugin's name and isOwner for its creator").toEqual([
        first.name,
        true,
      ]);
    },
    CREATE,
  );

  check(
    'plugins.create.func-run-without-run',
    ['PL-SHAPE-12'],
    'records what a create answers when func_run defines no _run',
    async (ctx) => {
      const client = ctx.as('full');
      const body = pluginBody(ctx.spec, ctx.prefix, { func_run: 'def helper(x):\n    return x\n' });
      const exchange = await attemptCreate(ctx, client, body);
      ctx.observe('PL-SHAPE-12', stableErrorSummary(exchange, ctx.prefix));
    },
    CREATE,
  );

  check(
    'plugins.create.anonymous-creator',
    ['PL-SHAPE-16', 'PL-SHAPE-17', 'PL-SHAPE-29', 'PL-CREATE-06'],
    "accepts isAnonymous true with {status: boolean, message}; the own catalog lists the plugin with a creator string, recorded beside a signed plugin's",
    async (ctx) => {
      const client = ctx.as('full');
      const anonymous = pluginBody(ctx.spec, ctx.prefix, { isAnonymous: true });
      const signed = pluginBody(ctx.spec, ctx.prefix, { isAnonymous: false });
      await createAccepted(ctx, anonymous);
      await createAccepted(ctx, signed);
      const hidden = (await ownListItem(client, String(anonymous.title))).creator;
      const shown = (await ownListItem(client, String(signed.title))).creator;
      expect(typeof hidden, 'creator of the anonymous plugin').toBe('string');
      ctx.observe(
        'PL-SHAPE-17',
        hidden === shown
          ? 'the list shows the same creator for an anonymous and a signed plugin'
          : `the list shows creator ${JSON.stringify(hidden)} for an anonymous plugin, another for a signed one`,
      );
    },
    { operations: ['createPlugin', 'listPlugins'] },
  );
});
