import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../testing/harness.ts';
import { FUNC_RUN, PERSONA, PLUGIN, personaBody, pluginBody } from '../testing/fixtures.ts';
import { REQUIRED_PLUGIN_FIELDS } from './fields.ts';

const h = harnessForFile();

const create = (body: Record<string, unknown>, role: 'full' | 'other' = 'full') =>
  h.call(role, 'POST', PLUGIN.create, { body });
const get = (title: string, role: 'full' | 'other' = 'full') =>
  h.call(role, 'POST', `${PLUGIN.get}?title=${encodeURIComponent(title)}`);

async function created(
  overrides: Record<string, unknown> = {},
  role: 'full' | 'other' = 'full',
): Promise<string> {
  const body = pluginBody(overrides);
  expect((await create(body, role)).status).toBe(200);
  return body.title as string;
}

describe('createPlugin — POST /plugin/enterprise/createGlobalPlugin', () => {
  it('succeeds with 200 {status: true, message}', async () => {
    const reply = await create(pluginBody());
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
  });

  it.each(REQUIRED_PLUGIN_FIELDS)(
    'without %s is one 404 whose message names every required field',
    async (field) => {
      const reply = await create(pluginBody({ [field]: undefined }));
      expect(reply.status).toBe(404);
      for (const name of REQUIRED_PLUGIN_FIELDS) expect(reply.json.message).toContain(name);
      expect(reply.json.message).toMatch(new RegExp(`missing: ${field}$`));
    },
  );

  it('names all the missing fields in the one message', async () => {
    const reply = await create({ title: 'only_a_title' });
    expect(reply.status).toBe(404);
    expect(reply.json.message).toContain(
      `missing: ${REQUIRED_PLUGIN_FIELDS.filter((f) => f !== 'title').join(', ')}`,
    );
  });

  it('checks presence, not truthiness: false, [] and "" are accepted', async () => {
    const reply = await create(
      pluginBody({
        tags: [],
        os: [],
        isPublic: false,
        isAnonymous: false,
        authentication_required: false,
        human_description: '',
      }),
    );
    expect(reply.status).toBe(200);
  });

  it('authentication_required true needs connection_url (400 without it)', async () => {
    expect((await create(pluginBody({ authentication_required: true }))).status).toBe(400);
    expect(
      (
        await create(
          pluginBody({ authentication_required: true, connection_url: 'https://auth.example.com/oauth' }),
        )
      ).status,
    ).toBe(200);
  });

  it.each(['browser_search', 'code_interpreter'])('the reserved title %s is a 400', async (title) => {
    const reply = await create(pluginBody({ title }));
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('reserved');
  });

  it('a title that already exists is a 400, also from another account', async () => {
    const title = await created();
    expect((await create(pluginBody({ title }))).status).toBe(400);
    expect((await create(pluginBody({ title }), 'other')).status).toBe(400);
  });

  it('is_agentic_tool defaults to {status: false, object: null}', async () => {
    const title = await created();
    expect(((await get(title)).json.plugin as Record<string, unknown>).is_agentic_tool).toEqual({
      status: false,
      object: null,
    });
    const agentic = await created({ is_agentic_tool: { status: true, object: { personaId: 'x' } } });
    expect(((await get(agentic)).json.plugin as Record<string, unknown>).is_agentic_tool).toEqual({
      status: true,
      object: { personaId: 'x' },
    });
  });

  it.each([
    ['tags as a string', { tags: 'x' }],
    ['os with an unknown platform', { os: ['ios'] }],
    ['parameters as an array', { parameters: [] }],
    ['func_schema that is not JSON', { func_schema: '{nope' }],
    ['func_run without def _run(self', { func_run: 'print(1)' }],
    ['isPublic as null', { isPublic: null }],
    ['title with a space', { title: 'two words' }],
    ['logo as a relative URL', { logo: 'x.png' }],
    ['is_agentic_tool without a boolean status', { is_agentic_tool: { status: 'yes' } }],
  ])('%s is a 400', async (_name, overrides) => {
    expect((await create(pluginBody(overrides))).status).toBe(400);
  });
});

describe('updatePlugin — PUT /plugin/enterprise/updateGlobalPlugin', () => {
  const update = (body: Record<string, unknown>, role: 'full' | 'other' = 'full') =>
    h.call(role, 'PUT', PLUGIN.update, { body });

  it('changes the optional fields sent and replies {status: true, message}', async () => {
    const title = await created();
    const changes = {
      name: 'Renamed',
      human_description: 'h',
      ai_description: 'a',
      parameters: { type: 'object' },
      isPublic: true,
      tags: ['t'],
      os: ['android'],
      logo: 'https://example.com/p.png',
    };
    const reply = await update({ title, ...changes });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
    expect((await get(title)).json.plugin).toMatchObject({ title, ...changes });
  });

  it('re-encrypts new code; the owner reads it back in clear through get', async () => {
    const title = await created();
    const run = 'def _run(self, city):\n    return city.upper()\n';
    expect((await update({ title, func_run: run, func_schema: '{"name":"x"}' })).status).toBe(200);
    expect((await get(title)).json.plugin).toMatchObject({ func_run: run, func_schema: '{"name":"x"}' });
  });

  it.each(['_id', 'userId', 'status', 'appVersion', 'createdAt', '__v'])(
    'a body with %s is 404 Invalid Body',
    async (field) => {
      const title = await created();
      const reply = await update({ title, name: 'x', [field]: field === '__v' ? 0 : 'value' });
      expect(reply.status).toBe(404);
      expect(reply.json.message).toBe('Invalid Body');
      expect(((await get(title)).json.plugin as Record<string, unknown>).name).toBe('Weather');
    },
  );

  it('without a title is a 400', async () => {
    expect((await update({ name: 'x' })).status).toBe(400);
  });

  it('an unknown title is a 404', async () => {
    expect((await update({ title: 'no_such_plugin', name: 'x' })).status).toBe(404);
  });

  it("another account's public plugin is a 400 unauthorized user", async () => {
    const title = await created({ isPublic: true }, 'other');
    const reply = await update({ title, name: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toBe('unauthorized user');
  });

  it('a wrong-typed field is a 400 and changes nothing', async () => {
    const title = await created();
    expect((await update({ title, name: 'changed', tags: 'nope' })).status).toBe(400);
    expect(((await get(title)).json.plugin as Record<string, unknown>).name).toBe('Weather');
  });
});

describe('deletePlugin — DELETE /plugin/enterprise/deleteGlobalPlugin', () => {
  const remove = (body: unknown, role: 'full' | 'other' = 'full') =>
    h.call(role, 'DELETE', PLUGIN.delete, { body });

  it('removes it from both catalogs and replies {status: true, message}', async () => {
    const title = await created({ isPublic: true });
    const reply = await remove({ title });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
    expect((await get(title)).status).toBe(404);
    for (const query of ['?isPublic=private', '?isPublic=public']) {
      const list = await h.call('full', 'POST', `${PLUGIN.list()}${query}`);
      expect(JSON.stringify(list.json)).not.toContain(title);
    }
  });

  it('is not blocked by assistants that reference it', async () => {
    const title = await created();
    const pluginId = ((await get(title)).json.plugin as { _id: string })._id;
    const persona = personaBody({ accessible_plugin: [pluginId] });
    expect((await h.call('full', 'POST', PERSONA.create, { body: persona })).status).toBe(200);
    expect((await remove({ title })).status).toBe(200);
    expect((await h.call('full', 'POST', PERSONA.get(persona.customPersonaId as string))).status).toBe(200);
  });

  it('frees the title', async () => {
    const title = await created();
    await remove({ title });
    expect((await create(pluginBody({ title }))).status).toBe(200);
  });

  it("an unknown title is a 404; another account's public plugin is a 400", async () => {
    expect((await remove({ title: 'no_such_plugin' })).status).toBe(404);
    const title = await created({ isPublic: true }, 'other');
    expect((await remove({ title })).status).toBe(400);
    expect((await get(title)).status).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['no title', {}],
    ['title as a number', { title: 3 }],
  ])('%s is a 400', async (_name, body) => {
    expect((await remove(body)).status).toBe(400);
  });
});

describe('plugin code at rest', () => {
  it('stores func_run and func_schema encrypted', async () => {
    const title = await created();
    const stored = h.state.plugins.get(title);
    expect(stored?.func_run).not.toContain('_run');
    expect(h.state.cipher.decrypt(stored?.func_run ?? '')).toBe(FUNC_RUN);
  });
});
