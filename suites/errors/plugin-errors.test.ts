import { expectRejected } from '../../src/expect/rejection.ts';
import { describe, expect } from 'vitest';
import { expectMessage } from '../../src/expect/error-body.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { errorSummary } from '../../src/expect/refusal.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import type { Spec } from '../../src/spec/openapi.ts';
import { uniqueSuffix } from '../../src/generate/identity.ts';
import { echoPluginBody } from '../../src/resources/drafts.ts';
import { trackIfCreated } from '../../src/resources/plugins.ts';
import { requireSuccess } from '../../src/resources/setup.ts';

/**
 * The plugin rows of the Errors table, and the reserved titles beneath it. A create these checks
 * judge sends the hand-made body of `echoPluginBody` (every required field, nothing else), so that a
 * refusal is the one field the check leaves out or the title it reuses.
 */

/** The required fields of the plugin create body, as spec/openapi.yaml transcribes them. */
function requiredCreateFields(spec: Spec): string[] {
  const schema = spec.operation('createPlugin').requestBody['application/json'];
  const required = schema?.required;
  if (!Array.isArray(required) || required.length === 0)
    throw new Error('spec: createPlugin names no required body fields');
  return required.filter((field): field is string => typeof field === 'string');
}

/** Whether `message` names `field` as a word of its own (so `name` is not found inside `ai_description`). */
function namesField(message: string, field: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_])${field}(?![A-Za-z0-9_])`).test(message);
}

/** Every title in the account's own catalog (isPublic=private), across its pages. */
async function ownTitles(client: ApiClient): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const exchange = requireSuccess(
      'list own plugins',
      await client.call('listPlugins', {
        path: { userId: 'conformance' },
        query: { isPublic: 'private', page },
      }),
    );
    const body = (exchange.response?.json ?? {}) as { plugin?: { title?: unknown }[]; totalPages?: unknown };
    for (const plugin of body.plugin ?? []) if (typeof plugin.title === 'string') titles.push(plugin.title);
    pages = typeof body.totalPages === 'number' ? Math.min(body.totalPages, 100) : 1;
  }
  return titles;
}

describe('createPlugin — POST /plugin/enterprise/createGlobalPlugin', () => {
  check(
    'errors.400.create-plugin-duplicate-title',
    ['ERR-19', 'ERR-20'],
    '400: create a plugin whose title already exists',
    async (context) => {
      // A fixed title within the run: the refusal's message names it, and ERR-20 records that message.
      const first = await context.make().plugin({ title: `${context.prefix}_duplicate_1` });
      const exchange = await context.as('full').call('createPlugin', {
        body: { ...echoPluginBody(first.title), name: 'The same title again' },
      });
      context.observe('ERR-20', `duplicate plugin title: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['createPlugin'] },
  );

  check(
    'errors.404.create-plugin-missing-field',
    ['ERR-22', 'ERR-23', 'PL-CREATE-03'],
    '404 with one message naming the missing required field: create a plugin with a required field missing (each in turn); whether it also names the others is recorded',
    async (context) => {
      const client = context.as('full');
      const required = requiredCreateFields(context.spec);
      // "one message naming all required fields": every required field, or every missing one? Both
      // readings are open, so only the missing field is demanded; naming all of them is recorded.
      let namesAll = true;
      for (const missing of required) {
        const title = `${context.prefix}_missing_${missing.toLowerCase()}_${uniqueSuffix()}`;
        const body = echoPluginBody(title);
        delete body[missing];
        const exchange = await client.call('createPlugin', { body });
        trackIfCreated(context.tracker, client, body, exchange, context.target.runPrefix);
        expectStatus(exchange, 404);
        const message = (exchange.response?.json as { message?: unknown } | undefined)?.message;
        if (typeof message !== 'string' || !namesField(message, missing)) {
          throw new ConformanceFailure(
            `Received (without ${missing}): a message not naming ${missing} / Documented: one message naming all required fields`,
            exchange,
          );
        }
        namesAll &&= required.every((field) => namesField(message, field));
      }
      context.observe(
        'ERR-23',
        namesAll
          ? 'the message names every required field, whichever is missing'
          : 'the message does not name every required field when one is missing',
      );
    },
    { operations: ['createPlugin'] },
  );

  for (const reserved of ['browser_search', 'code_interpreter']) {
    check(
      `errors.reserved-title.${reserved}`,
      ['ERR-25', 'ERR-26'],
      `the reserved title ${reserved} is rejected on create, and the account gets no plugin of that title`,
      async (context) => {
        const client = context.as('full');
        const countOf = async () => (await ownTitles(client)).filter((title) => title === reserved).length;
        // A built-in may be listed among the account's own plugins on some implementations (what
        // the own catalog holds beyond the account's creations is not stated): then the create must
        // still be refused, and the count must not grow. Never tracked for deletion: not ours.
        const before = await countOf();
        if (before > 0)
          context.observe('ERR-25', `the own catalog already lists a plugin titled ${reserved}`);
        const body = echoPluginBody(reserved);
        const exchange = await client.call('createPlugin', { body });
        if (before === 0) trackIfCreated(context.tracker, client, body, exchange, context.target.runPrefix);
        context.observe('ERR-26', `reserved title ${reserved}: ${errorSummary(exchange)}`);
        // A 5xx is no documented refusal (warned), but only after the catalog was judged.
        const serverError = (exchange.response?.status ?? 0) >= 500;
        if (!serverError) expectRejected(exchange);
        expect(await countOf(), `plugins titled ${reserved} in the own catalog after the create`).toBe(
          before,
        );
      },
      { operations: ['createPlugin', 'listPlugins'] },
    );
  }
});

describe('updatePlugin — PUT /plugin/enterprise/updateGlobalPlugin', () => {
  /** Server-managed fields, each with a value of its own type. */
  const SERVER_MANAGED: Record<string, unknown> = {
    _id: '0123456789abcdef01234567',
    userId: 'conformance',
    status: 'approved',
    appVersion: '1.0.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    __v: 0,
  };

  check(
    'errors.404.update-plugin-server-managed-field',
    ['ERR-24'],
    '404 Invalid Body: update a plugin with a body containing _id, userId, status, appVersion, createdAt or __v (each in turn)',
    async (context) => {
      const plugin = await context.make().plugin();
      for (const [field, value] of Object.entries(SERVER_MANAGED)) {
        const exchange = await context.as('full').call('updatePlugin', {
          body: { title: plugin.title, human_description: `Sent with ${field}.`, [field]: value },
        });
        expectMessage(exchange, 404, 'Invalid Body');
      }
    },
    { operations: ['updatePlugin'] },
  );
});
