import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { harnessForFile, type Harness, type Reply } from '../testing/harness.ts';
import { operationIndex } from './operation-route.ts';

/** The routes of the assistant, voice and plugin modules (the knowledge-base ones test themselves). */
const MINE = [
  'listPersonas',
  'searchPersonas',
  'getPersona',
  'createPersona',
  'updatePersona',
  'deletePersona',
  'sharePersona',
  'transferOwnership',
  'listVoices',
  'listPlugins',
  'getPlugin',
  'searchPlugins',
  'createPlugin',
  'updatePlugin',
  'deletePlugin',
];

/** Routes that read a JSON body; the others take their input from the path and query. */
const BODY_ROUTES = new Set([
  'createPersona',
  'updatePersona',
  'transferOwnership',
  'createPlugin',
  'updatePlugin',
  'deletePlugin',
]);

const routes = MINE.map((id) => {
  const op = operationIndex().get(id);
  if (!op) throw new Error(`no ${id}`);
  return {
    id,
    method: op.method,
    path: op.path.replace(/\{[^}]+\}/g, 'probe'),
    readsBody: BODY_ROUTES.has(id),
  };
});

/** Every field name the document uses on these routes, to send with the wrong type. */
const FIELDS = [
  'name',
  'customPersonaId',
  'isPublic',
  'voice',
  'tags',
  'base_sys_prompt',
  'title',
  'personality',
  'gender',
  'languages',
  'behavior',
  'os',
  'Is_main_agent',
  'is_agentic_tool',
  'accessible_plugin',
  'authorised_users_email',
  'logo',
  'voice_language',
  'personaId',
  'hobbies',
  'accessible_rag_folders',
  'newOwnerEmail',
  'keepAccess',
  'authentication_required',
  'human_description',
  'ai_description',
  'parameters',
  'func_schema',
  'func_run',
  'isAnonymous',
  'connection_url',
];

const h = harnessForFile();

function expectJson4xx(reply: Reply, what: string): void {
  expect(reply.status, what).toBeGreaterThanOrEqual(400);
  expect(reply.status, what).toBeLessThan(500);
  expect(reply.headers['content-type'], what).toMatch(/^application\/json/);
  expect(reply.body, what).toBeTypeOf('object');
}

function expectJsonBelow500(reply: Reply, what: string): void {
  expect(reply.status, what).toBeLessThan(500);
  expect(reply.headers['content-type'], what).toMatch(/^application\/json/);
  expect(reply.body, what).toBeTypeOf('object');
}

describe.each(routes.filter((r) => !r.readsBody))(
  '$id — a body it does not read is ignored, never a 5xx',
  ({ method, path }) => {
    const send = (init: Parameters<Harness['call']>[3]) => h.call('full', method, path, init);

    it('wrong-typed fields, scalars and foreign media types', async () => {
      for (const body of [
        Object.fromEntries(FIELDS.map((f) => [f, { nested: [1] }])),
        [],
        'text',
        42,
        null,
      ]) {
        expectJsonBelow500(await send({ body }), JSON.stringify(body));
      }
      expectJsonBelow500(await send({ raw: '<a/>', contentType: 'application/xml' }), 'xml');
    });
  },
);

describe.each(routes.filter((r) => r.method !== 'GET'))(
  '$id — a body that cannot be parsed is a 4xx JSON error',
  ({ method, path }) => {
    const send = (init: Parameters<Harness['call']>[3]) => h.call('full', method, path, init);

    it('malformed JSON', async () => {
      for (const raw of ['{', '{"a":', '[1,', 'nul', '{"a":1}}', '\u0000'])
        expectJson4xx(await send({ raw }), raw);
    });

    it('an unsupported media type', async () => {
      expectJson4xx(await send({ raw: '<a/>', contentType: 'application/xml' }), 'xml');
    });

    it(`a body over ${BODY_LIMIT_BYTES} bytes is a 413`, async () => {
      const reply = await send({ raw: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) }) });
      expect(reply.status).toBe(413);
      expectJson4xx(reply, 'oversized');
    });
  },
);

describe.each(routes.filter((r) => r.readsBody))(
  '$id — bad input is a 4xx JSON error, never a 5xx',
  ({ method, path }) => {
    const send = (init: Parameters<Harness['call']>[3]) => h.call('full', method, path, init);

    it('a body that is not an object, or no body at all', async () => {
      for (const body of [[], [1, 2], 'text', 42, true, null])
        expectJson4xx(await send({ body }), JSON.stringify(body));
      expectJson4xx(await send({}), 'no body');
      expectJson4xx(await send({ raw: '' }), 'empty body');
    });

    it('every documented field with the wrong type', async () => {
      for (const wrong of [{ nested: { deep: [1] } }, 12345, [{}], null, '']) {
        const body = Object.fromEntries(FIELDS.map((f) => [f, wrong]));
        expectJson4xx(await send({ body }), JSON.stringify(wrong));
      }
    });
  },
);

describe.each(routes)('$id — hostile input never produces a 5xx', ({ method, path }) => {
  const send = (init: Parameters<Harness['call']>[3], query = '') =>
    h.call('full', method, path + query, init);

  it('hostile query strings', async () => {
    for (const query of [
      '?page=1e999',
      '?limit=99999999999999999999',
      '?os=,,,',
      '?isPublic[]=x',
      '?title=%00',
      '?search=%E2%82',
    ]) {
      const reply = await send({}, query);
      expect(reply.status, query).toBeLessThan(500);
    }
  });

  it('random JSON bodies and query values never produce a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom('page', 'limit', 'os', 'isPublic', 'search', 'title', 'ret', 'status'),
          fc.string(),
        ),
        async (body, query) => {
          const qs = new URLSearchParams(query).toString();
          const reply = await send({ body }, qs === '' ? '' : `?${qs}`);
          expect(reply.status).toBeLessThan(500);
          expect(reply.body).toBeTypeOf('object');
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('path segments', () => {
  it.each([
    ['POST', '/persona/enterprise/getPersona/s/%00'],
    ['POST', '/persona/enterprise/getPersona/s/%E0%A4%A'],
    ['DELETE', `/persona/enterprise/deletePersona/s/${'x'.repeat(600)}`],
    ['POST', '/persona/enterprise/transferOwnership/%20'],
    ['POST', '/persona/enterprise/sharePersona/..'],
  ])('%s %s is a 4xx JSON error', async (method, path) => {
    expectJson4xx(
      await h.call('full', method, path, { body: { newOwnerEmail: 'second-account@example.com' } }),
      path,
    );
  });
});
