import { describe, it, expect } from 'vitest';
import { ACCOUNT_B, createBase, ingestText, appWithBase, type KbTestApp } from './test-support.ts';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const longText = 'Kestrels hover in place while hunting voles in the grass below. '.repeat(60);

let app: KbTestApp;
let kbId: string;
appWithBase((started) => ({ app, kbId } = started));

const stats = async (id = kbId) => (await app.call('GET', `/kb/${id}/stats`)).body;

describe('listDocuments — GET /kb/{kbId}/documents', () => {
  it('lists every document with every field of the document table, in ingest order', async () => {
    const first = await ingestText(app, kbId, longText, 'Kestrels', 'vector');
    const second = await ingestText(app, kbId, 'short', 'Short', 'inline');
    const { status, body } = await app.call('GET', `/kb/${kbId}/documents`);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      kbId,
      documents: [
        {
          docId: first.docId,
          title: 'Kestrels',
          source: 'manual',
          mimeType: 'text/plain',
          chunksCount: first.chunksCreated,
          fileSize: longText.length,
          mode: 'vector',
          createdAt: expect.stringMatching(ISO_8601) as unknown,
        },
        {
          docId: second.docId,
          title: 'Short',
          source: 'manual',
          mimeType: 'text/plain',
          chunksCount: 0,
          fileSize: 5,
          mode: 'inline',
          createdAt: expect.stringMatching(ISO_8601) as unknown,
        },
      ],
    });
  });

  it('lists an empty base as an empty array', async () => {
    expect((await app.call('GET', `/kb/${kbId}/documents`)).body).toEqual({
      status: 'ok',
      kbId,
      documents: [],
    });
  });

  it("answers 404 for another account's base", async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    expect((await app.call('GET', `/kb/${theirs}/documents`)).status).toBe(404);
  });
});

describe('deleteDocument — DELETE /kb/{kbId}/documents/{docId}', () => {
  it('answers {status, deleted: true, docId, kbId} and the document leaves the list', async () => {
    const { docId } = await ingestText(app, kbId, longText, 'Kestrels');
    const { status, body } = await app.call('DELETE', `/kb/${kbId}/documents/${String(docId)}`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', deleted: true, docId, kbId });
    expect((await app.call('GET', `/kb/${kbId}/documents`)).body.documents).toEqual([]);
  });

  it('answers 404 for an unknown docId, a docId already deleted and a docId of another base', async () => {
    const other = await createBase(app, 'Other');
    const { docId } = await ingestText(app, other, 'elsewhere', 'Elsewhere');
    const gone = (await ingestText(app, kbId, 'gone', 'Gone')).docId as string;
    await app.call('DELETE', `/kb/${kbId}/documents/${gone}`);
    for (const id of ['00000000-0000-4000-8000-000000000000', gone, String(docId)]) {
      const { status, body } = await app.call('DELETE', `/kb/${kbId}/documents/${id}`);
      expect(status).toBe(404);
      expect(body.code).toBe('document_not_found');
    }
    expect((await app.call('GET', `/kb/${other}/documents`)).body.documents).toHaveLength(1);
  });

  it('answers 404 for a document of a base of another account', async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    const { body } = await app.call('POST', `/kb/${theirs}/ingest-text`, {
      json: { text: 'x', title: 'x' },
      account: ACCOUNT_B,
    });
    expect((await app.call('DELETE', `/kb/${theirs}/documents/${String(body.docId)}`)).status).toBe(404);
    expect(
      (await app.call('GET', `/kb/${theirs}/documents`, { account: ACCOUNT_B })).body.documents,
    ).toHaveLength(1);
  });
});

describe('getKnowledgeBaseStats — GET /kb/{kbId}/stats', () => {
  it('starts at zero', async () => {
    expect(await stats()).toEqual({ status: 'ok', kbId, documentsCount: 0, vectorCount: 0 });
  });

  it('follows ingest and delete: vectorCount is the chunks of vector-tier documents', async () => {
    const vector = await ingestText(app, kbId, longText, 'Kestrels', 'vector');
    await ingestText(app, kbId, 'inline note', 'Note', 'inline');
    const chunks = vector.chunksCreated as number;
    expect(chunks).toBeGreaterThan(1);
    expect(await stats()).toEqual({ status: 'ok', kbId, documentsCount: 2, vectorCount: chunks });
    await app.call('DELETE', `/kb/${kbId}/documents/${String(vector.docId)}`);
    expect(await stats()).toEqual({ status: 'ok', kbId, documentsCount: 1, vectorCount: 0 });
  });

  it("answers 404 for an unknown base and another account's base", async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    expect((await app.call('GET', '/kb/nope/stats')).status).toBe(404);
    expect((await app.call('GET', `/kb/${theirs}/stats`)).status).toBe(404);
  });
});
