import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';

const h = harnessForFile();

async function create(
  overrides: Record<string, unknown> = {},
  role: 'full' | 'other' = 'full',
): Promise<{ id: string; objectId: string }> {
  const body = personaBody(overrides);
  expect((await h.call(role, 'POST', PERSONA.create, { body })).status).toBe(200);
  const id = body.customPersonaId as string;
  const objectId = ((await h.call(role, 'POST', PERSONA.get(id))).json.personaData as { _id: string })._id;
  return { id, objectId };
}

const listIds = async (role: 'full' | 'other', query = '?isPublic=private'): Promise<string[]> =>
  (
    (await h.call(role, 'POST', `${PERSONA.list()}${query}`)).json.allPersonas as Array<{
      customPersonaId: string;
    }>
  ).map((p) => p.customPersonaId);

describe('deletePersona — DELETE /persona/enterprise/deletePersona/{sessionId}/{personaId}', () => {
  it('deletes permanently and replies {status, message}', async () => {
    const { id } = await create();
    const reply = await h.call('full', 'DELETE', PERSONA.delete(id));
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
    expect((await h.call('full', 'POST', PERSONA.get(id))).status).toBe(400);
    expect(await listIds('full')).not.toContain(id);
  });

  it('records assistant.deleted with the name captured before deletion', async () => {
    const { id } = await create({ name: 'Doomed helper' });
    await h.call('full', 'DELETE', PERSONA.delete(id));
    expect(h.state.events.all()).toContainEqual(
      expect.objectContaining({
        type: 'assistant.deleted',
        customPersonaId: id,
        name: 'Doomed helper',
        accountId: 'acct_a',
      }),
    );
  });

  it('takes its attachments and share links with it', async () => {
    const { id } = await create();
    h.state.attachments.put(id, { kbId: 'kb-1', enabled: true, grounding_mode: 'supplemental' });
    await h.call('full', 'POST', PERSONA.share(id));
    expect(h.state.shareLinks.countFor(id)).toBe(1);
    await h.call('full', 'DELETE', PERSONA.delete(id));
    expect(h.state.attachments.list(id)).toEqual([]);
    expect(h.state.shareLinks.countFor(id)).toBe(0);
  });

  it('frees the customPersonaId for reuse', async () => {
    const { id } = await create();
    await h.call('full', 'DELETE', PERSONA.delete(id));
    expect(
      (await h.call('full', 'POST', PERSONA.create, { body: personaBody({ customPersonaId: id }) })).status,
    ).toBe(200);
  });

  it("another account's assistant, or an unknown id, is a 400 and nothing is deleted", async () => {
    const { id } = await create({ isPublic: true }, 'other');
    expect((await h.call('full', 'DELETE', PERSONA.delete(id))).status).toBe(400);
    expect((await h.call('full', 'DELETE', PERSONA.delete('never-created'))).status).toBe(400);
    expect((await h.call('other', 'POST', PERSONA.get(id))).status).toBe(200);
  });
});

describe('sharePersona — POST /persona/enterprise/sharePersona/{customPersonaId}', () => {
  it('mints a con_sh_ token in {status, message, data}', async () => {
    const { id } = await create();
    const reply = await h.call('full', 'POST', PERSONA.share(id));
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      status: true,
      message: expect.any(String) as unknown,
      data: expect.stringMatching(/^con_sh_/) as unknown,
    });
  });

  it("an unknown id or another account's assistant is a 400", async () => {
    const { id } = await create({ isPublic: true }, 'other');
    expect((await h.call('full', 'POST', PERSONA.share(id))).status).toBe(400);
    expect((await h.call('full', 'POST', PERSONA.share('never-created'))).status).toBe(400);
  });
});

describe('transferOwnership — POST /persona/enterprise/transferOwnership/{personaId}', () => {
  const transfer = (objectId: string, body: unknown, role: 'full' | 'other' = 'full') =>
    h.call(role, 'POST', PERSONA.transfer(objectId), { body });
  const email = () => h.keyring.accounts?.other?.email ?? '';

  it('a personaId that is not an object id is a 400 (the customPersonaId included)', async () => {
    const { id } = await create();
    expect((await transfer(id, { newOwnerEmail: email() })).status).toBe(400);
    expect((await transfer('123', { newOwnerEmail: email() })).status).toBe(400);
  });

  it('without keepAccess: B owns it, the reply has no note, A no longer sees a private one', async () => {
    const { id, objectId } = await create();
    const reply = await transfer(objectId, { newOwnerEmail: email() });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: true, message: expect.any(String) as unknown });
    expect(await listIds('other')).toContain(id);
    expect(await listIds('full')).not.toContain(id);
    expect((await h.call('full', 'POST', PERSONA.get(id))).status).toBe(400);
  });

  it('keepAccess true: the reply has a note and A stays a full-access editor', async () => {
    const { id, objectId } = await create();
    const reply = await transfer(objectId, { newOwnerEmail: email(), keepAccess: true });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: true, note: expect.any(String) as unknown });
    expect(await listIds('full')).toContain(id);
    expect(await listIds('other')).toContain(id);
    expect(
      (await h.call('full', 'PUT', PERSONA.update, { body: { personaId: id, name: 'Still mine to edit' } }))
        .status,
    ).toBe(200);
    expect((await h.call('full', 'POST', PERSONA.share(id))).status).toBe(200);
    expect((await h.call('full', 'DELETE', PERSONA.delete(id))).status).toBe(400);
    expect((await h.call('other', 'DELETE', PERSONA.delete(id))).status).toBe(200);
  });

  it('keepAccess false behaves like absent', async () => {
    const { objectId } = await create();
    const reply = await transfer(objectId, { newOwnerEmail: email(), keepAccess: false });
    expect(reply.status).toBe(200);
    expect(reply.json).not.toHaveProperty('note');
  });

  it('an email with no account is a 404', async () => {
    const { objectId } = await create();
    const reply = await transfer(objectId, { newOwnerEmail: 'nobody-here@example.com' });
    expect(reply.status).toBe(404);
    expect(reply.json.status).toBe(false);
  });

  it.each([
    ['no body', undefined],
    ['no newOwnerEmail', {}],
    ['newOwnerEmail as a number', { newOwnerEmail: 1 }],
    ['keepAccess as a string', { newOwnerEmail: 'second-account@example.com', keepAccess: 'yes' }],
  ])('%s is a 400', async (_name, body) => {
    const { objectId } = await create();
    expect((await transfer(objectId, body)).status).toBe(400);
  });

  it("another account's assistant or an unknown object id is a 400", async () => {
    const { objectId } = await create({ isPublic: true }, 'other');
    expect((await transfer(objectId, { newOwnerEmail: 'first-account@example.com' })).status).toBe(400);
    expect((await transfer('0123456789abcdef01234567', { newOwnerEmail: email() })).status).toBe(400);
  });

  it('transferring to the account that already owns it is a 400', async () => {
    const { objectId } = await create();
    expect((await transfer(objectId, { newOwnerEmail: 'first-account@example.com' })).status).toBe(400);
  });
});
