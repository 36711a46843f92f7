import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../testing/harness.ts';
import { PERSONA, VOICE, personaBody } from '../testing/fixtures.ts';
import { VOICE_CATALOG } from '../voices/catalog.ts';

const PLUGIN_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const PLUGIN_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const h = harnessForFile();

async function create(
  overrides: Record<string, unknown> = {},
  role: 'full' | 'other' = 'full',
): Promise<string> {
  const body = personaBody(overrides);
  expect((await h.call(role, 'POST', PERSONA.create, { body })).status).toBe(200);
  return body.customPersonaId as string;
}

async function doc(id: string, role: 'full' | 'other' = 'full'): Promise<Record<string, unknown>> {
  return (await h.call(role, 'POST', PERSONA.get(id))).json.personaData as Record<string, unknown>;
}

const update = (body: Record<string, unknown>, role: 'full' | 'other' = 'full') =>
  h.call(role, 'PUT', PERSONA.update, { body });

describe('getPersona — POST /persona/enterprise/getPersona/{sessionId}/{personaId}', () => {
  it('returns {status: true, personaData} with the documented fields', async () => {
    const id = await create({ base_sys_prompt: 'Be brief.' });
    const reply = await h.call('full', 'POST', PERSONA.get(id));
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe(true);
    expect(reply.json.personaData).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      customPersonaId: id,
      name: 'Test assistant',
      base_sys_prompt: 'Be brief.',
      voice: VOICE._id,
      accessible_plugin: [],
      attached_kbs: [],
    });
  });

  it('shows the attachments of the shared AttachmentStore as attached_kbs', async () => {
    const id = await create();
    h.state.attachments.put(id, {
      kbId: '0d9a3a55-7f57-4b8f-9a52-3c1f0e1b2a11',
      enabled: false,
      grounding_mode: 'strict',
    });
    expect((await doc(id)).attached_kbs).toEqual([
      { kbId: '0d9a3a55-7f57-4b8f-9a52-3c1f0e1b2a11', enabled: false, grounding_mode: 'strict' },
    ]);
  });

  it('an unknown id is a 400, not a 404', async () => {
    expect((await h.call('full', 'POST', PERSONA.get('no-such-persona'))).status).toBe(400);
  });

  it("another account's private assistant is a 400; its public one is visible", async () => {
    const hidden = await create({}, 'other');
    const shown = await create({ isPublic: true }, 'other');
    expect((await h.call('full', 'POST', PERSONA.get(hidden))).status).toBe(400);
    expect((await h.call('full', 'POST', PERSONA.get(shown))).status).toBe(200);
  });
});

describe('updatePersona — PUT /persona/enterprise/updatePersona', () => {
  it('replies {status: true, message} and changes only what was sent', async () => {
    const id = await create({ title: 'before', languages: ['en'] });
    const reply = await update({ personaId: id, name: 'Renamed' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
    expect(await doc(id)).toMatchObject({ name: 'Renamed', title: 'before', languages: ['en'] });
  });

  it.each(['os', 'languages', 'tags', 'behavior', 'hobbies', 'accessible_rag_folders'])(
    '%s: an array replaces, a bare string appends',
    async (field) => {
      const value = field === 'os' ? 'web' : 'extra';
      const replacement = field === 'os' ? ['android'] : ['only'];
      const id = await create();
      expect((await update({ personaId: id, [field]: replacement })).status).toBe(200);
      expect((await doc(id))[field]).toEqual(replacement);
      expect((await update({ personaId: id, [field]: value })).status).toBe(200);
      expect((await doc(id))[field]).toEqual([...replacement, value]);
    },
  );

  it('accessible_plugin: an array adds ids, a bare string removes that one', async () => {
    const id = await create({ accessible_plugin: [PLUGIN_A] });
    await update({ personaId: id, accessible_plugin: [PLUGIN_B] });
    expect((await doc(id)).accessible_plugin).toEqual([PLUGIN_A, PLUGIN_B]);
    await update({ personaId: id, accessible_plugin: PLUGIN_A });
    expect((await doc(id)).accessible_plugin).toEqual([PLUGIN_B]);
  });

  it('replaces base_sys_prompt wholesale and sets name, title, voice, logo, isPublic', async () => {
    const id = await create({ base_sys_prompt: 'old' });
    const voice = VOICE_CATALOG[1]?._id;
    const changes = {
      base_sys_prompt: 'new',
      name: 'N',
      title: 'T',
      voice,
      logo: 'https://example.com/l.png',
      isPublic: true,
    };
    expect((await update({ personaId: id, ...changes })).status).toBe(200);
    expect(await doc(id)).toMatchObject(changes);
  });

  it("another account's assistant, even a public one, is 400 unauthorized user", async () => {
    const hidden = await create({}, 'other');
    const shown = await create({ isPublic: true }, 'other');
    for (const id of [hidden, shown, 'never-created']) {
      const reply = await update({ personaId: id, name: 'x' });
      expect(reply.status).toBe(400);
      expect(reply.json.message).toBe('unauthorized user');
    }
    expect((await doc(shown)).name).toBe('Test assistant');
  });

  it.each([
    ['no personaId', {}],
    ['personaId as a number', { personaId: 5 }],
  ])('%s is a 400', async (_name, body) => {
    expect((await update(body)).status).toBe(400);
  });

  it.each([
    ['isPublic as a string', { isPublic: 'yes' }],
    ['os with an unknown platform', { os: 'ios' }],
    ['tags as a number', { tags: 3 }],
    ['voice as a provider voice_id', { voice: VOICE.voice_id }],
    ['accessible_plugin with a non-object id', { accessible_plugin: ['nope'] }],
    ['logo that is not a URL', { logo: 'logo' }],
  ])('%s is a 400 and leaves the assistant untouched', async (_name, change) => {
    const id = await create();
    const before = await doc(id);
    expect((await update({ personaId: id, name: 'changed', ...change })).status).toBe(400);
    expect(await doc(id)).toEqual(before);
  });
});
