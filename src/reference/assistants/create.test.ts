import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../testing/harness.ts';
import { PERSONA, VOICE, personaBody } from '../testing/fixtures.ts';

const h = harnessForFile();

async function create(overrides: Record<string, unknown> = {}, role: 'full' | 'other' = 'full') {
  const body = personaBody(overrides);
  const reply = await h.call(role, 'POST', PERSONA.create, { body });
  return { body, reply, id: body.customPersonaId as string };
}

async function getDoc(id: string): Promise<Record<string, unknown>> {
  const reply = await h.call('full', 'POST', PERSONA.get(id));
  expect(reply.status).toBe(200);
  return reply.json.personaData as Record<string, unknown>;
}

describe('createPersona — POST /persona/enterprise/createPersona', () => {
  it('succeeds with 200 {status: true, message} and does not echo the document', async () => {
    const { reply } = await create();
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
  });

  it.each(['name', 'customPersonaId', 'voice', 'tags'])('without %s is a 400', async (field) => {
    const { reply } = await create({ [field]: undefined });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe(false);
  });

  it('without isPublic is a 400, and nothing is created', async () => {
    const { reply, id } = await create({ isPublic: undefined });
    expect(reply.status).toBe(400);
    expect((await h.call('full', 'POST', PERSONA.get(id))).status).toBe(400);
  });

  it.each([
    ['isPublic as a string', { isPublic: 'true' }],
    ['tags as a string', { tags: 'x' }],
    ['name as a number', { name: 5 }],
    ['os with an unknown platform', { os: ['ios'] }],
    ['languages as a string', { languages: 'en' }],
    ['accessible_plugin with a non-object id', { accessible_plugin: ['not-an-id'] }],
    ['authorised_users_email with a non-address', { authorised_users_email: ['nobody'] }],
    ['logo as a relative URL', { logo: '/logo.png' }],
    ['Is_main_agent as a string', { Is_main_agent: 'yes' }],
    ['customPersonaId with a slash', { customPersonaId: 'a/b' }],
  ])('%s is a 400', async (_name, overrides) => {
    expect((await create(overrides)).reply.status).toBe(400);
  });

  it('personality of 2,100 characters is accepted; 2,101 is a 400', async () => {
    expect((await create({ personality: 'p'.repeat(2100) })).reply.status).toBe(200);
    expect((await create({ personality: 'p'.repeat(2101) })).reply.status).toBe(400);
  });

  it('base_sys_prompt is truncated to 5,000 characters when os is exactly ["android"]', async () => {
    const prompt = 'abcdefghij'.repeat(600);
    const { id } = await create({ os: ['android'], base_sys_prompt: prompt });
    expect(await getDoc(id)).toMatchObject({ base_sys_prompt: prompt.slice(0, 5000) });
  });

  it.each([[['android', 'web']], [['nt']], [undefined]])(
    'base_sys_prompt is kept whole for os %j',
    async (os) => {
      const prompt = 'x'.repeat(6000);
      const { id } = await create({ os, base_sys_prompt: prompt });
      expect((await getDoc(id)).base_sys_prompt).toHaveLength(6000);
    },
  );

  it('appends the tag General when it is left out, and only then', async () => {
    const a = await create({ tags: ['sales'] });
    const b = await create({ tags: ['General', 'sales'] });
    const c = await create({ tags: [] });
    expect((await getDoc(a.id)).tags).toEqual(['sales', 'General']);
    expect((await getDoc(b.id)).tags).toEqual(['General', 'sales']);
    expect((await getDoc(c.id)).tags).toEqual(['General']);
  });

  it('refuses a provider voice_id with a 400 that says so', async () => {
    const { reply } = await create({ voice: VOICE.voice_id });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toContain('voice_id');
  });

  it('refuses an unknown voice _id with a 400', async () => {
    expect((await create({ voice: 'ffffffffffffffffffffffff' })).reply.status).toBe(400);
  });

  it('a duplicate customPersonaId is a 404 starting "persona already exists with", across accounts too', async () => {
    const { id } = await create();
    for (const role of ['full', 'other'] as const) {
      const { reply } = await create({ customPersonaId: id }, role);
      expect(reply.status).toBe(404);
      expect(reply.json.message).toMatch(/^persona already exists with/);
    }
  });

  it('sends one invitation per authorised_users_email address', async () => {
    const emails = ['one@example.com', 'two@example.com'];
    const { id } = await create({ authorised_users_email: emails });
    const sent = h.state.events.all().filter((e) => e.type === 'invitation.sent' && e.customPersonaId === id);
    expect(sent.map((e) => (e.type === 'invitation.sent' ? e.email : ''))).toEqual(emails);
  });

  it('stores the optional fields it was given', async () => {
    const optional = {
      title: 'Support agent',
      personality: 'calm',
      gender: 'female',
      languages: ['en'],
      behavior: ['polite'],
      os: ['web', 'nt'],
      Is_main_agent: false,
      is_agentic_tool: true,
      accessible_plugin: ['aaaaaaaaaaaaaaaaaaaaaaaa'],
      logo: 'https://example.com/logo.png',
      voice_language: 'en-US',
    };
    const { id } = await create(optional);
    expect(await getDoc(id)).toMatchObject(optional);
  });
});
