import { describe, it, expect } from 'vitest';
import { AUTO_INLINE_MAX_CHARS, INLINE_MAX_CHARS } from './documents.ts';
import { ACCOUNT_B, createBase, appWithBase, type KbTestApp } from './test-support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const prose = (chars: number) =>
  'Otters hold hands while they sleep. '.repeat(Math.ceil(chars / 36)).slice(0, chars);

let app: KbTestApp;
let kbId: string;
appWithBase((started) => ({ app, kbId } = started));

const ingest = (json: unknown) => app.call('POST', `/kb/${kbId}/ingest-text`, { json });

describe('ingestText — POST /kb/{kbId}/ingest-text', () => {
  it('answers the vector-tier shape {status, docId, chunksCreated, title, kbId}', async () => {
    const { status, body } = await ingest({ text: prose(5000), title: 'Otters', mode: 'vector' });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      docId: expect.stringMatching(UUID) as unknown,
      chunksCreated: expect.any(Number) as unknown,
      title: 'Otters',
      kbId,
    });
    // About 800 characters a chunk, with some overlap.
    expect(body.chunksCreated).toBeGreaterThanOrEqual(7);
    expect(body.chunksCreated).toBeLessThanOrEqual(9);
  });

  it('answers the inline-tier shape, with mode, inlineChars, digestMethod, crawledChars and no chunksCreated', async () => {
    const { status, body } = await ingest({ text: 'A short note.', title: 'Note', mode: 'inline' });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      docId: expect.stringMatching(UUID) as unknown,
      mode: 'inline',
      inlineChars: 13,
      digestMethod: 'verbatim',
      crawledChars: 13,
      title: 'Note',
      kbId,
    });
  });

  it(`auto (the default) keeps a text of up to ${AUTO_INLINE_MAX_CHARS} characters inline`, async () => {
    const { body } = await ingest({ text: prose(AUTO_INLINE_MAX_CHARS), title: 'T' });
    expect(body.mode).toBe('inline');
    expect(body).not.toHaveProperty('chunksCreated');
  });

  it(`auto chunks a text longer than ${AUTO_INLINE_MAX_CHARS} characters into vectors`, async () => {
    const { body } = await ingest({ text: prose(AUTO_INLINE_MAX_CHARS + 1), title: 'T', mode: 'auto' });
    expect(body).not.toHaveProperty('mode');
    expect(body.chunksCreated).toBe(3);
  });

  it('vector mode chunks even a short text', async () => {
    const { body } = await ingest({ text: 'tiny', title: 'T', mode: 'vector' });
    expect(body.chunksCreated).toBe(1);
  });

  it(`inline mode keeps at most ${INLINE_MAX_CHARS} characters and says it truncated`, async () => {
    const { body } = await ingest({ text: prose(INLINE_MAX_CHARS + 500), title: 'T', mode: 'inline' });
    expect(body).toMatchObject({
      mode: 'inline',
      inlineChars: INLINE_MAX_CHARS,
      crawledChars: INLINE_MAX_CHARS + 500,
      digestMethod: 'truncate',
    });
  });

  it('lists the document with the defaults mimeType text/plain and source manual', async () => {
    const { body } = await ingest({ text: 'hello', title: 'Greeting' });
    const { body: listed } = await app.call('GET', `/kb/${kbId}/documents`);
    expect(listed.documents).toEqual([
      expect.objectContaining({
        docId: body.docId,
        title: 'Greeting',
        source: 'manual',
        mimeType: 'text/plain',
        mode: 'inline',
        chunksCount: 0,
        fileSize: 5,
      }),
    ]);
  });

  it('keeps a given mimeType and source', async () => {
    await ingest({ text: '# Title', title: 'MD', mimeType: 'text/markdown', source: 'wiki export' });
    const { body } = await app.call('GET', `/kb/${kbId}/documents`);
    expect(body.documents).toEqual([
      expect.objectContaining({ mimeType: 'text/markdown', source: 'wiki export' }),
    ]);
  });

  it.each([
    ['text missing', { title: 'T' }],
    ['title missing', { text: 't' }],
    ['text not a string', { text: 5, title: 'T' }],
    ['title not a string', { text: 't', title: ['T'] }],
    ['text empty', { text: '', title: 'T' }],
    ['title empty', { text: 't', title: '' }],
    ['an unknown mode', { text: 't', title: 'T', mode: 'hybrid' }],
    ['mimeType not a string', { text: 't', title: 'T', mimeType: 1 }],
    ['source not a string', { text: 't', title: 'T', source: null }],
  ])('refuses %s with a 400 and adds nothing', async (_case, json) => {
    const { status, body } = await ingest(json);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 'error', code: 'invalid_body' });
    expect((await app.call('GET', `/kb/${kbId}/documents`)).body.documents).toEqual([]);
  });

  it('answers 404 for an unknown base and for a base of another account', async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs]) {
      const { status, body } = await app.call('POST', `/kb/${id}/ingest-text`, {
        json: { text: 't', title: 'T' },
      });
      expect(status).toBe(404);
      expect(body.code).toBe('kb_not_found');
    }
  });

  it('accepts a text of several megabytes', async () => {
    const { status, body } = await ingest({ text: prose(4 * 1024 * 1024), title: 'Big', mode: 'vector' });
    expect(status).toBe(200);
    expect(body.chunksCreated).toBeGreaterThan(5000);
  });
});
