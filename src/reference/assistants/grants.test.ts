import { describe, expect, it } from 'vitest';
import { ACCOUNT_B } from '../accounts.ts';
import { harnessForFile } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';

// `authorised_users_email` lists "email addresses granted access", and `isPublic=private` lists
// what the account "owned or granted": an account whose owner is listed sees the assistant there.
const h = harnessForFile();

async function create(overrides: Record<string, unknown>): Promise<string> {
  const body = personaBody(overrides);
  expect((await h.call('full', 'POST', PERSONA.create, { body })).status).toBe(200);
  return body.customPersonaId as string;
}

const privateIds = async (role: 'full' | 'other'): Promise<string[]> =>
  (
    (await h.call(role, 'POST', `${PERSONA.list()}?isPublic=private`)).json.allPersonas as Array<{
      customPersonaId: string;
    }>
  ).map((p) => p.customPersonaId);

describe('assistants granted by authorised_users_email', () => {
  it('appear in the granted account private list and are readable there', async () => {
    const id = await create({
      authorised_users_email: [ACCOUNT_B.ownerEmail.toUpperCase(), 'nobody@example.com'],
    });
    expect(await privateIds('other')).toContain(id);
    expect((await h.call('other', 'POST', PERSONA.get(id))).status).toBe(200);
  });

  it('stay invisible to an account that is not listed', async () => {
    const id = await create({ authorised_users_email: ['nobody@example.com'] });
    expect(await privateIds('other')).not.toContain(id);
    expect((await h.call('other', 'POST', PERSONA.get(id))).status).toBe(400);
  });

  it('grant no ownership: update, share and delete stay refused', async () => {
    const id = await create({ authorised_users_email: [ACCOUNT_B.ownerEmail] });
    const update = await h.call('other', 'PUT', PERSONA.update, { body: { personaId: id, name: 'taken' } });
    expect(update.status).toBe(400);
    expect(update.json.message).toBe('unauthorized user');
    expect((await h.call('other', 'POST', PERSONA.share(id))).status).toBe(400);
    expect((await h.call('other', 'DELETE', PERSONA.delete(id))).status).toBe(400);
    expect(await privateIds('full')).toContain(id);
  });
});
