import { KNOWLEDGE_BASE } from '../../src/resources/kinds/knowledge-base.ts';
import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';
import { getAssistant, readAssistant, SESSION_ID, trackAssistant } from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS } from '../../src/resources/drafts.ts';
import { bodyOf, objectsIn } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';

/** The kbIds of get's attached_kbs. */
function attachedKbIds(personaData: Record<string, unknown>): unknown[] {
  return objectsIn(personaData, 'attached_kbs').map((kb) => kb.kbId);
}

describe('deletePersona — DELETE /persona/enterprise/deletePersona/{sessionId}/{personaId}', () => {
  check(
    'assistants.delete.gone',
    ['AS-DELETE-02', 'AS-DELETE-03', 'CONV-10', 'IDS-08'],
    'deletes by customPersonaId, answering {status: boolean, message}, after which get answers 400 and the list no longer carries the assistant',
    async (ctx) => {
      const client = ctx.as('full');
      const created = await ctx.make().assistant({ os: ['nt'] });
      const exchange = await client.call('deletePersona', {
        path: { sessionId: SESSION_ID, personaId: created.customPersonaId },
      });
      expectStatus(exchange, 200);
      created.forget();
      expectSchema(ctx.spec, exchange);
      expectStatus(await getAssistant(client, created.customPersonaId), 400);
      const { found } = await findInCollection(
        client,
        'listPersonas',
        'customPersonaId',
        [created.customPersonaId],
        {
          query: { isPublic: 'all', os: ALL_PLATFORMS },
        },
      );
      expect(found.size, 'the deleted assistant in the list').toBe(0);
    },
    { operations: ['deletePersona', 'getPersona', 'listPersonas'] },
  );

  check(
    'assistants.delete.attachments-go',
    ['KB-ATTACH-12'],
    "takes the assistant's knowledge-base attachments with it: the bases reported for its id no longer include the base",
    async (ctx) => {
      const client = ctx.as('full');
      const { body, ...created } = await ctx.make().assistant();
      const { id: kbId } = await ctx.make().create(KNOWLEDGE_BASE, {
        name: `${ctx.prefix} attached to a deleted assistant`,
      });
      expectStatus(
        await client.call('attachKnowledgeBase', {
          path: { kbId, personaId: created.customPersonaId },
          body: {},
        }),
        200,
      );
      const exchange = await client.call('deletePersona', {
        path: { sessionId: SESSION_ID, personaId: created.customPersonaId },
      });
      expectStatus(exchange, 200);
      created.forget();
      const bases = await client.call('listPersonaKnowledgeBases', {
        path: { personaId: created.customPersonaId },
      });
      // Whatever status the route answers for a deleted assistant, it reports the base no more.
      const kbIds = objectsIn(bodyOf(bases), 'kbs').map((kb) => kb.kbId);
      expect(
        kbIds,
        `bases reported for the deleted assistant (HTTP ${bases.response?.status ?? '-'})`,
      ).not.toContain(kbId);

      // Where the id can be used again, the new assistant starts with no base: nothing of the old
      // one's attachments survives under its id. (Whether a deleted id can be reused is not stated.)
      const again = await client.call('createPersona', {
        body: { ...body, name: `${ctx.prefix} successor` },
      });
      if (again.response?.status !== 200) return;
      trackAssistant(ctx.tracker, client, created.customPersonaId);
      const successor = await client.call('listPersonaKnowledgeBases', {
        path: { personaId: created.customPersonaId },
      });
      expectStatus(successor, 200);
      expect(
        objectsIn(bodyOf(successor), 'kbs').map((kb) => kb.kbId),
        "bases of a new assistant under the deleted one's id",
      ).not.toContain(kbId);
      expect(
        attachedKbIds(await readAssistant(client, created.customPersonaId)),
        'its attached_kbs',
      ).not.toContain(kbId);
    },
    { operations: ['deletePersona', 'attachKnowledgeBase', 'listPersonaKnowledgeBases'] },
  );
});
