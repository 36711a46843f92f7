import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectMessage } from '../../src/expect/error-body.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { personaUpdateBody } from '../../src/generate/persona.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import { accessiblePluginIds, readAssistant } from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS } from '../../src/resources/drafts.ts';
import type { JsonObject } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { pluginObjectId } from '../../src/resources/plugins.ts';
import { catalogVoiceIds } from '../../src/resources/voices.ts';

const UPDATE = { operations: ['updatePersona'] };

/** What the document lets a caller read back of an assistant: get's fields and the list's. */
interface Model {
  name: string;
  title: string;
  base_sys_prompt: string;
  voice: string;
  isPublic: boolean;
  os: Set<string>;
  plugins: Set<string>;
}

/** The documented update rules: an array replaces a list field and a bare string appends to it;
 * for accessible_plugin an array adds and a bare string removes. */
function applyUpdate(model: Model, body: JsonObject): Model {
  const next: Model = { ...model, os: new Set(model.os), plugins: new Set(model.plugins) };
  for (const field of ['name', 'title', 'base_sys_prompt', 'voice'] as const) {
    if (typeof body[field] === 'string') next[field] = body[field];
  }
  if (typeof body.isPublic === 'boolean') next.isPublic = body.isPublic;
  if (Array.isArray(body.os)) next.os = new Set(body.os as string[]);
  else if (typeof body.os === 'string') next.os.add(body.os);
  if (Array.isArray(body.accessible_plugin))
    for (const id of body.accessible_plugin as string[]) next.plugins.add(id);
  else if (typeof body.accessible_plugin === 'string') next.plugins.delete(body.accessible_plugin);
  return next;
}

const pluginIds = (data: JsonObject): Set<unknown> => new Set(accessiblePluginIds(data));

const sorted = (values: Iterable<unknown>): unknown[] => [...values].map(String).sort();

/** The assistant as the list shows it (every platform, owned or granted). */
async function listItem(client: ApiClient, customPersonaId: string): Promise<JsonObject> {
  const { items } = await findInCollection(client, 'listPersonas', 'customPersonaId', [customPersonaId], {
    query: { isPublic: 'private', os: ALL_PLATFORMS },
  });
  const item = items.get(customPersonaId);
  if (!item)
    throw new ConformanceFailure(
      `Received: ${customPersonaId} not listed under isPublic=private / Documented: the caller's own assistant`,
      undefined,
    );
  return item;
}

/** Two plugins of the run, whose `_id`s an assistant's accessible_plugin can hold. */
async function twoPlugins({ as, make }: Pick<CheckContext, 'as' | 'make'>): Promise<string[]> {
  const client = as('full');
  const ids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const { title } = await make().plugin();
    ids.push(await pluginObjectId(client, title));
  }
  return ids;
}

async function update(client: ApiClient, body: JsonObject) {
  const exchange = await client.call('updatePersona', { body });
  expectStatus(exchange, 200);
  return exchange;
}

describe('updatePersona — PUT /persona/enterprise/updatePersona', () => {
  check(
    'assistants.update.rules-hold',
    [
      'AS-UPDATE-02',
      'AS-UPDATE-03',
      'AS-UPDATE-04',
      'AS-UPDATE-05',
      'AS-UPDATE-06',
      'AS-UPDATE-07',
      'AS-UPDATE-08',
      'AS-UPDATE-09',
      'AS-UPDATE-10',
      'AS-UPDATE-11',
      'IDS-08',
      'CONV-10',
    ],
    'after any sequence of valid partial updates, get and the list show exactly what the update rules predict (property)',
    async (ctx) => {
      const client = ctx.as('full');
      const plugins = await twoPlugins(ctx);
      const voiceIds = await catalogVoiceIds(client);
      const { customPersonaId, body } = await ctx.make().assistant({
        title: 'Front desk',
        os: ['nt'],
        isPublic: false,
        accessible_plugin: [plugins[0]],
        base_sys_prompt: 'Greet people.',
      });
      let model: Model = {
        name: String(body.name),
        title: 'Front desk',
        base_sys_prompt: 'Greet people.',
        voice: String(body.voice),
        isPublic: false,
        os: new Set(['nt']),
        plugins: new Set([plugins[0]!]),
      };
      const updates = personaUpdateBody(ctx.spec, {
        prefix: ctx.prefix,
        voiceIds,
        pluginIds: plugins,
        personaId: customPersonaId,
      });
      await expectProperty(
        fc.asyncProperty(updates, async (changes) => {
          const exchange = await update(client, changes);
          expectSchema(ctx.spec, exchange);
          model = applyUpdate(model, changes);
          const data = await readAssistant(client, customPersonaId);
          expect(data.name, 'name').toBe(model.name);
          expect(data.base_sys_prompt, 'base_sys_prompt').toBe(model.base_sys_prompt);
          expect(data.voice, 'voice').toBe(model.voice);
          expect(sorted(pluginIds(data)), 'accessible_plugin').toEqual(sorted(model.plugins));
          const item = await listItem(client, customPersonaId);
          expect(item.title, 'title').toBe(model.title);
          expect(item.isPublic, 'isPublic').toBe(model.isPublic);
          // As a set: whether appending a platform already there repeats it is not stated.
          expect(sorted(new Set(Array.isArray(item.os) ? item.os : [])), 'os').toEqual(sorted(model.os));
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['updatePersona', 'getPersona', 'listPersonas'] },
  );

  check(
    'assistants.update.partial',
    ['AS-UPDATE-02', 'AS-UPDATE-04', 'AS-UPDATE-11'],
    'replaces base_sys_prompt wholesale and leaves the fields not sent as they were',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId, body } = await ctx.make().assistant({
        base_sys_prompt: 'First prompt, long enough to notice a merge.',
        title: 'Front desk',
      });
      expectSchema(
        ctx.spec,
        await update(client, { personaId: customPersonaId, base_sys_prompt: 'Second.' }),
      );
      const data = await readAssistant(client, customPersonaId);
      expect(data.base_sys_prompt, 'base_sys_prompt').toBe('Second.');
      expect([data.name, data.voice], 'name and voice, not sent').toEqual([body.name, body.voice]);
      expect((await listItem(client, customPersonaId)).title, 'title (in the list), not sent').toBe(
        'Front desk',
      );
    },
    { operations: ['updatePersona', 'getPersona', 'listPersonas'] },
  );

  check(
    'assistants.update.os-array-replaces',
    ['AS-UPDATE-05'],
    'an os array replaces the platforms',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt', 'web'] });
      await update(client, { personaId: customPersonaId, os: ['android'] });
      expect((await listItem(client, customPersonaId)).os).toEqual(['android']);
    },
    UPDATE,
  );

  check(
    'assistants.update.os-string-appends',
    ['AS-UPDATE-06'],
    'a bare os string appends to the platforms',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      await update(client, { personaId: customPersonaId, os: 'web' });
      expect(sorted((await listItem(client, customPersonaId)).os as unknown[])).toEqual(['nt', 'web']);
    },
    UPDATE,
  );

  check(
    'assistants.update.plugins-array-adds',
    ['AS-UPDATE-07', 'IDS-03'],
    'an accessible_plugin array adds the plugin ids to those already there',
    async (ctx) => {
      const client = ctx.as('full');
      const [first, second] = await twoPlugins(ctx);
      const { customPersonaId } = await ctx.make().assistant({ accessible_plugin: [first] });
      await update(client, { personaId: customPersonaId, accessible_plugin: [second] });
      expect(sorted(pluginIds(await readAssistant(client, customPersonaId)))).toEqual(
        sorted([first, second]),
      );
    },
    // The create with a plugin _id is the check's own (IDS-03): its refusal is a verdict.
    { operations: ['updatePersona', 'createPersona'] },
  );

  check(
    'assistants.update.plugins-string-removes',
    ['AS-UPDATE-08'],
    'a bare accessible_plugin string removes that one plugin',
    async (ctx) => {
      const client = ctx.as('full');
      const [first, second] = await twoPlugins(ctx);
      const { customPersonaId } = await ctx.make().assistant({ accessible_plugin: [first, second] });
      await update(client, { personaId: customPersonaId, accessible_plugin: first });
      expect(sorted(pluginIds(await readAssistant(client, customPersonaId)))).toEqual([second]);
    },
    UPDATE,
  );

  check(
    'assistants.update.other-account-public-unauthorized',
    ['AS-UPDATE-12', 'ERR-14'],
    'answers 400 "unauthorized user" to another account updating a public assistant it can see but does not own, and changes nothing',
    async (ctx) => {
      const other = ctx.as('other');
      const client = ctx.as('full');
      const { customPersonaId, body } = await ctx.make().assistant({ isPublic: true });
      const exchange = await other.call('updatePersona', {
        body: { personaId: customPersonaId, name: `${ctx.prefix} taken over` },
      });
      expectMessage(exchange, 400, 'unauthorized user');
      expectSchema(ctx.spec, exchange);
      expect((await readAssistant(client, customPersonaId)).name, "the owner's name stays").toBe(body.name);
    },
    UPDATE,
  );

  check(
    'assistants.update.other-account-private-unauthorized',
    ['AS-UPDATE-12', 'ERR-14'],
    'answers 400 "unauthorized user" to an account updating another account\'s private assistant, and changes nothing',
    async (ctx) => {
      const other = ctx.as('other');
      const client = ctx.as('full');
      const { customPersonaId, body } = await ctx
        .make('other')
        .assistant({ isPublic: false, authorised_users_email: [] });
      const exchange = await client.call('updatePersona', {
        body: { personaId: customPersonaId, name: `${ctx.prefix} taken over` },
      });
      expectMessage(exchange, 400, 'unauthorized user');
      expect((await readAssistant(other, customPersonaId)).name, "the owner's name stays").toBe(body.name);
    },
    UPDATE,
  );
});
