import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import { ACCOUNT_B, createBase, ingestText, startKbTestApp, type KbTestApp } from './test-support.ts';

let app: KbTestApp;
beforeEach(async () => {
  app = await startKbTestApp();
  app.addPersona('helper');
});
afterEach(async () => {
  await app.close();
});

const attach = (kbId: string, json?: unknown, persona = 'helper') =>
  app.call('POST', `/kb/${kbId}/personas/${persona}`, json === undefined ? {} : { json });
const patch = (kbId: string, json?: unknown, persona = 'helper') =>
  app.call('PATCH', `/kb/${kbId}/personas/${persona}`, json === undefined ? {} : { json });
const detach = (kbId: string, persona = 'helper') => app.call('DELETE', `/kb/${kbId}/personas/${persona}`);
const basesOf = async (persona = 'helper') => (await app.call('GET', `/kb/persona/${persona}`)).body;
/** What a write of the helper assistant's attachment to `kbId` answers: the fixed fields, then `fields`. */
const helperAnswer = (kbId: string, fields: Record<string, unknown>) => ({
  status: 'ok',
  kbId,
  personaId: 'helper',
  ...fields,
});
/** Three new bases of account A, as many as one assistant may hold. */
const threeBases = async () => [
  await createBase(app, 'one'),
  await createBase(app, 'two'),
  await createBase(app, 'three'),
];

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  it('absent → attached: {status, kbId, personaId, grounding_mode, enabled, attached: true} with the defaults', async () => {
    const kbId = await createBase(app);
    const { status, body } = await attach(kbId);
    expect(status).toBe(200);
    expect(body).toEqual(
      helperAnswer(kbId, { grounding_mode: 'supplemental', enabled: true, attached: true }),
    );
    expect(app.attachments.list('helper')).toEqual([{ kbId, grounding_mode: 'supplemental', enabled: true }]);
  });

  it('takes grounding_mode and enabled from the body', async () => {
    const kbId = await createBase(app);
    const { body } = await attach(kbId, { grounding_mode: 'strict', enabled: false });
    expect(body).toMatchObject({ grounding_mode: 'strict', enabled: false, attached: true });
  });

  it('attached → attached again: the attachment is updated and the answer says updated: true', async () => {
    const kbId = await createBase(app);
    await attach(kbId);
    const { status, body } = await attach(kbId, { grounding_mode: 'strict', enabled: false });
    expect(status).toBe(200);
    expect(body).toEqual(helperAnswer(kbId, { grounding_mode: 'strict', enabled: false, updated: true }));
    expect(body).not.toHaveProperty('attached');
    expect(app.attachments.list('helper')).toEqual([{ kbId, grounding_mode: 'strict', enabled: false }]);
  });

  it('a repeated POST without a body applies the documented defaults again', async () => {
    const kbId = await createBase(app);
    await attach(kbId, { grounding_mode: 'strict', enabled: false });
    expect((await attach(kbId)).body).toMatchObject({
      grounding_mode: 'supplemental',
      enabled: true,
      updated: true,
    });
  });

  it('absent → absent with a 400 when three bases are attached; the three stay attached', async () => {
    const three = await threeBases();
    for (const kbId of three) expect((await attach(kbId)).body.attached).toBe(true);
    const fourth = await createBase(app, 'four');
    const { status, body } = await attach(fourth);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 'error', code: 'attachment_limit' });
    expect(app.attachments.list('helper').map((a) => a.kbId)).toEqual(three);
  });

  it('with three attached, re-attaching one of them is still an update, not a fourth', async () => {
    const three = await threeBases();
    for (const kbId of three) await attach(kbId);
    expect((await attach(three[1]!, { enabled: false })).body).toMatchObject({
      updated: true,
      enabled: false,
    });
  });

  it('counts disabled attachments toward the limit of three', async () => {
    for (const name of ['one', 'two', 'three']) await attach(await createBase(app, name), { enabled: false });
    expect((await attach(await createBase(app, 'four'))).status).toBe(400);
  });

  it('counts per assistant: another assistant can take the same bases and more', async () => {
    app.addPersona('other-helper');
    const bases = await threeBases();
    for (const kbId of bases) await attach(kbId);
    for (const kbId of bases)
      expect((await attach(kbId, undefined, 'other-helper')).body.attached).toBe(true);
  });

  it('answers 404 for an unknown base, an unknown assistant, and an assistant or base of another account', async () => {
    const kbId = await createBase(app);
    const theirBase = await createBase(app, 'theirs', ACCOUNT_B);
    app.addPersona('their-helper', ACCOUNT_B);
    expect((await attach('00000000-0000-4000-8000-000000000000')).body.code).toBe('kb_not_found');
    expect((await attach(theirBase)).status).toBe(404);
    expect((await attach(kbId, undefined, 'nobody')).body.code).toBe('persona_not_found');
    expect((await attach(kbId, undefined, 'their-helper')).status).toBe(404);
    expect(app.attachments.list('their-helper')).toEqual([]);
  });

  it.each([
    ['an unknown grounding_mode', { grounding_mode: 'loose' }],
    ['enabled as a string', { enabled: 'yes' }],
    ['an array body', []],
    ['a string body', 'strict'],
  ])('refuses %s with a 400 and attaches nothing', async (_case, json) => {
    const kbId = await createBase(app);
    expect((await attach(kbId, json)).status).toBe(400);
    expect(app.attachments.list('helper')).toEqual([]);
  });
});

describe('updateAttachment — PATCH /kb/{kbId}/personas/{personaId}', () => {
  it('attached → attached with mode or enabled changed: {status, kbId, personaId, updated: true}', async () => {
    const kbId = await createBase(app);
    await attach(kbId);
    const { status, body } = await patch(kbId, { grounding_mode: 'strict' });
    expect(status).toBe(200);
    expect(body).toEqual(helperAnswer(kbId, { updated: true }));
    expect(app.attachments.find('helper', kbId)).toEqual({ kbId, grounding_mode: 'strict', enabled: true });
    await patch(kbId, { enabled: false });
    expect(app.attachments.find('helper', kbId)).toEqual({ kbId, grounding_mode: 'strict', enabled: false });
  });

  it('leaves the attachment as it is when the body changes nothing', async () => {
    const kbId = await createBase(app);
    await attach(kbId, { grounding_mode: 'strict' });
    expect((await patch(kbId)).body.updated).toBe(true);
    expect((await patch(kbId, {})).status).toBe(200);
    expect(app.attachments.find('helper', kbId)).toEqual({ kbId, grounding_mode: 'strict', enabled: true });
  });

  it('answers 404 when the base is not attached to the assistant', async () => {
    const kbId = await createBase(app);
    const { status, body } = await patch(kbId, { enabled: false });
    expect(status).toBe(404);
    expect(body.code).toBe('attachment_not_found');
    expect(app.attachments.list('helper')).toEqual([]);
  });

  it.each([
    ['an unknown grounding_mode', { grounding_mode: 'STRICT' }],
    ['enabled as a number', { enabled: 1 }],
  ])('refuses %s with a 400', async (_case, json) => {
    const kbId = await createBase(app);
    await attach(kbId);
    expect((await patch(kbId, json)).status).toBe(400);
    expect(app.attachments.find('helper', kbId)).toEqual({
      kbId,
      grounding_mode: 'supplemental',
      enabled: true,
    });
  });
});

describe('detachKnowledgeBase — DELETE /kb/{kbId}/personas/{personaId}', () => {
  it('attached → absent: {status, kbId, personaId, detached: true}; the base and its documents remain', async () => {
    const kbId = await createBase(app);
    await ingestText(app, kbId, 'Kept after detach.', 'Kept');
    await attach(kbId);
    const { status, body } = await detach(kbId);
    expect(status).toBe(200);
    expect(body).toEqual(helperAnswer(kbId, { detached: true }));
    expect(app.attachments.list('helper')).toEqual([]);
    expect((await app.call('GET', `/kb/${kbId}/documents`)).body.documents).toHaveLength(1);
    expect((await app.call('GET', '/kb')).body.kbs).toHaveLength(1);
  });

  it('frees a slot: after a detach a third base can be attached again', async () => {
    const bases = await threeBases();
    for (const kbId of bases) await attach(kbId);
    await detach(bases[0]!);
    expect((await attach(await createBase(app, 'four'))).body.attached).toBe(true);
  });

  it('answers 404 when the base is not attached, and for an unknown assistant', async () => {
    const kbId = await createBase(app);
    expect((await detach(kbId)).body.code).toBe('attachment_not_found');
    expect((await detach(kbId, 'nobody')).body.code).toBe('persona_not_found');
  });
});

describe('listPersonaKnowledgeBases — GET /kb/persona/{personaId}', () => {
  it('lists attached bases with kbId, enabled, grounding_mode, name, description, docsCount, totalSize', async () => {
    const kbId = await createBase(app, 'Manual');
    await ingestText(app, kbId, 'twelve bytes', 'Doc');
    await attach(kbId, { grounding_mode: 'strict', enabled: false });
    expect(await basesOf()).toEqual({
      status: 'ok',
      personaId: 'helper',
      kbs: [
        {
          kbId,
          enabled: false,
          grounding_mode: 'strict',
          name: 'Manual',
          description: '',
          docsCount: 1,
          totalSize: 12,
        },
      ],
    });
  });

  it('lists nothing for an assistant without attachments', async () => {
    expect(await basesOf()).toEqual({ status: 'ok', personaId: 'helper', kbs: [] });
  });

  it("answers 404 for an unknown assistant and for another account's assistant", async () => {
    app.addPersona('their-helper', ACCOUNT_B);
    expect((await app.call('GET', '/kb/persona/nobody')).status).toBe(404);
    const { status, body } = await app.call('GET', '/kb/persona/their-helper');
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 'error', code: 'persona_not_found' });
  });

  it('drops an attachment when the assistant goes (the assistant routes call removePersona)', async () => {
    const kbId = await createBase(app);
    await attach(kbId);
    app.attachments.removePersona('helper');
    expect((await basesOf()).kbs).toEqual([]);
  });
});
