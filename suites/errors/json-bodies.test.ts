import { describe } from 'vitest';
import { expectJsonBody } from '../../src/expect/json-body.ts';
import { check } from '../../src/harness/check.ts';

/**
 * Conventions: response bodies are JSON (`application/json`), refusals included. One check per kind
 * of answer the Errors table lists, plus a success, each on its documented trigger.
 */

describe('listKnowledgeBases — GET /kb', () => {
  check(
    'errors.json-body.success',
    ['CONV-05'],
    'a success answers with a JSON body (application/json)',
    async ({ as }) => {
      expectJsonBody(await as('full').call('listKnowledgeBases'));
    },
    { operations: ['listKnowledgeBases'] },
  );
});

describe('getPersona — POST /persona/enterprise/getPersona/{sessionId}/{personaId}', () => {
  check(
    'errors.json-body.route-400',
    ['CONV-05'],
    'the 400 for an assistant id that names no assistant is a JSON body (application/json)',
    async ({ as, prefix }) => {
      expectJsonBody(
        await as('full').call('getPersona', {
          path: { sessionId: 'conformance', personaId: `${prefix}-no-such-assistant` },
        }),
      );
    },
    { operations: ['getPersona'] },
  );
});

describe('updatePlugin — PUT /plugin/enterprise/updateGlobalPlugin', () => {
  check(
    'errors.json-body.route-404',
    ['CONV-05'],
    'the 404 Invalid Body for a server-managed field in an update is a JSON body (application/json)',
    async (context) => {
      const plugin = await context.make().plugin();
      expectJsonBody(
        await context.as('full').call('updatePlugin', {
          body: { title: plugin.title, human_description: 'Sent with __v.', __v: 0 },
        }),
      );
    },
    { operations: ['updatePlugin'] },
  );
});

describe('listVoices — GET /users/get_voice_clone', () => {
  check(
    'errors.json-body.401',
    ['CONV-05'],
    'the 401 for an unknown key is a JSON body (application/json)',
    async ({ withAuthorization, prefix }) => {
      expectJsonBody(await withAuthorization(`Bearer svc_ai_${prefix}0no0such0key`).call('listVoices'));
    },
    { operations: ['listVoices'] },
  );

  check(
    'errors.json-body.403',
    ['CONV-05'],
    'the 403 for a key without the voices module is a JSON body (application/json)',
    async ({ as }) => {
      expectJsonBody(await as('assistants:manage').call('listVoices'));
    },
    { operations: ['listVoices'] },
  );
});
