import { KNOWLEDGE_BASE } from '../../src/resources/kinds/knowledge-base.ts';
import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueSuffix } from '../../src/generate/identity.ts';
import { check } from '../../src/harness/check.ts';
import {
  accessiblePluginIds,
  assistantObjectId,
  getAssistant,
  readAssistant,
} from '../../src/resources/assistants.ts';
import { withoutOptionalFields } from '../../src/resources/drafts.ts';
import { bodyOf, isObject } from '../../src/http/json.ts';
import { pluginObjectId } from '../../src/resources/plugins.ts';

const GET = { operations: ['getPersona'] };
const GET_FIELDS = [
  '_id',
  'customPersonaId',
  'name',
  'base_sys_prompt',
  'voice',
  'accessible_plugin',
  'attached_kbs',
];

describe('getPersona — POST /persona/enterprise/getPersona/{sessionId}/{personaId}', () => {
  check(
    'assistants.get.shape',
    [
      'AS-GET-02',
      'AS-GET-03',
      'CONV-10',
      'IDS-01',
      'IDS-07',
      'AS-SHAPE-14',
      'AS-SHAPE-15',
      'AS-SHAPE-16',
      'AS-SHAPE-17',
      'AS-SHAPE-18',
      'AS-SHAPE-19',
      'AS-SHAPE-21',
      'AS-SHAPE-25',
    ],
    'returns {status: boolean, personaData} with the get fields, as sent on create, for the customPersonaId',
    async (ctx) => {
      const client = ctx.as('full');
      // Only the required fields and these two: the fields recorded beyond the table then do not
      // depend on what was drawn.
      const { customPersonaId, body } = await ctx.make().assistant({
        ...withoutOptionalFields('PersonaCreateBody'),
        base_sys_prompt: 'You answer questions about opening hours.',
        os: ['nt'],
      });
      const exchange = await getAssistant(client, customPersonaId);
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const data = bodyOf(exchange).personaData as Record<string, unknown>;
      expect(data.customPersonaId, 'customPersonaId').toBe(customPersonaId);
      expect(data.name, 'name').toBe(body.name);
      expect(data.base_sys_prompt, 'base_sys_prompt').toBe(body.base_sys_prompt);
      expect(data.voice, 'voice').toBe(body.voice);
      expect(data.attached_kbs, 'attached_kbs of an assistant with no base').toEqual([]);
      ctx.observe(
        'AS-SHAPE-25',
        Object.keys(data)
          .filter((k) => !GET_FIELDS.includes(k))
          .sort()
          .join(', ') || 'no fields beyond the get table',
      );
    },
    GET,
  );

  check(
    'assistants.get.accessible-plugin',
    ['AS-SHAPE-19', 'AS-SHAPE-20', 'AS-CREATE-22', 'IDS-03'],
    'returns accessible_plugin as an array naming the plugin _id sent on create',
    async (ctx) => {
      const client = ctx.as('full');
      const plugin = await ctx.make().plugin();
      const pluginId = await pluginObjectId(client, plugin.title);
      const { customPersonaId } = await ctx.make().assistant({ accessible_plugin: [pluginId] });
      const data = await readAssistant(client, customPersonaId);
      const elements = data.accessible_plugin;
      expect(Array.isArray(elements), 'accessible_plugin is an array').toBe(true);
      ctx.observe(
        'AS-SHAPE-20',
        (elements as unknown[])
          .map((e) => (isObject(e) ? `object {${Object.keys(e).join(', ')}}` : typeof e))
          .join('; '),
      );
      expect(accessiblePluginIds(data), 'the plugin _id sent').toContain(pluginId);
    },
    // The create is the check's own: accessible_plugin takes plugin _id values (IDS-03), and a
    // create refusing one is this check's failure, not a broken setup.
    { operations: ['getPersona', 'createPersona'] },
  );

  check(
    'assistants.get.attached-kbs',
    ['AS-SHAPE-21', 'AS-SHAPE-22', 'AS-SHAPE-23', 'AS-SHAPE-24'],
    'returns attached_kbs as {kbId: string, enabled: boolean, grounding_mode: string} for an attached base',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant();
      const { id: kbId } = await ctx.make().create(KNOWLEDGE_BASE, { name: `${ctx.prefix} get attached` });
      const attach = await client.call('attachKnowledgeBase', {
        path: { kbId, personaId: customPersonaId },
        body: { grounding_mode: 'strict', enabled: false },
      });
      expectStatus(attach, 200);
      const exchange = await getAssistant(client, customPersonaId);
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const attached = (bodyOf(exchange).personaData as { attached_kbs: unknown[] }).attached_kbs;
      expect(attached, 'attached_kbs').toEqual([
        expect.objectContaining({ kbId, enabled: false, grounding_mode: 'strict' }),
      ]);
    },
    { operations: ['getPersona', 'attachKnowledgeBase'] },
  );

  check(
    'assistants.get.unknown-id-400',
    ['AS-GET-04', 'ERR-12', 'ERR-13'],
    'answers 400, not 404, for an id no assistant has',
    async (ctx) => {
      const exchange = await getAssistant(ctx.as('full'), `${ctx.prefix}-never-created-${uniqueSuffix()}`);
      ctx.observe('ERR-13', stableErrorSummary(exchange, ctx.prefix));
      expectStatus(exchange, 400);
    },
    GET,
  );

  check(
    'assistants.get.other-account-private-400',
    ['AS-GET-04', 'ERR-12'],
    'answers 400 to another account for a private assistant it cannot see',
    async (ctx) => {
      const other = ctx.as('other');
      const { customPersonaId } = await ctx.make().assistant({ isPublic: false, authorised_users_email: [] });
      expectStatus(await getAssistant(other, customPersonaId), 400);
    },
    GET,
  );

  check(
    'assistants.get.object-id-not-an-address',
    ['IDS-04'],
    "answers 400 to a get addressed by the assistant's object _id: get takes the customPersonaId, and the _id is the transfer route's segment only",
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant();
      const objectId = await assistantObjectId(client, customPersonaId);
      expect(objectId, 'the _id differs from the customPersonaId').not.toBe(customPersonaId);
      expectStatus(await getAssistant(client, objectId), 400);
    },
    GET,
  );

  check(
    'assistants.get.session-id-vestigial',
    ['CONV-07', 'CONV-08'],
    'accepts any non-empty sessionId and returns the same assistant for two different values',
    async (ctx) => {
      const client = ctx.as('full');
      const { customPersonaId } = await ctx.make().assistant();
      const ids: unknown[] = [];
      for (const sessionId of ['x', `no-such-session-${ctx.prefix}`]) {
        const exchange = await getAssistant(client, customPersonaId, sessionId);
        expectStatus(exchange, 200);
        ids.push((bodyOf(exchange).personaData as { _id?: unknown } | undefined)?._id);
      }
      expect(ids[0], 'the same _id for both sessionId values').toBe(ids[1]);
    },
    GET,
  );
});
