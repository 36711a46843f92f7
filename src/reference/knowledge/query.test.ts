import { describe, it, expect } from 'vitest';
import { ACCOUNT_B, createBase, ingestText, appWithBase, type KbTestApp } from './test-support.ts';

const TOPICS = [
  'Honeybees communicate the direction of nectar with a waggle dance performed inside the hive.',
  'Glaciers carve U-shaped valleys as they grind slowly downhill under their own weight.',
  'Sourdough bread rises because wild yeast and lactobacilli ferment the flour and water starter.',
  'Lighthouse keepers once trimmed the wicks of oil lamps every few hours through the night.',
];
const documentAbout = (topic: string, filler: number) =>
  `${topic} ${Array.from({ length: filler }, (_, i) => `Unrelated filler sentence ${i} mentions nothing in particular.`).join(' ')}`;

let app: KbTestApp;
let kbId: string;
appWithBase((started) => ({ app, kbId } = started));

const query = (json: unknown, id = kbId) => app.call('POST', `/kb/${id}/query`, { json });
type Result = { text: string; score: number; docTitle: string; docId: string; chunkIndex: number };

describe('queryKnowledgeBase — POST /kb/{kbId}/query', () => {
  it('ranks first the chunk of the document whose own phrase is asked, with every result field', async () => {
    const ids: string[] = [];
    for (const [i, topic] of TOPICS.entries())
      ids.push((await ingestText(app, kbId, documentAbout(topic, 40), `Doc ${i}`)).docId as string);
    const { status, body } = await query({ query: 'wild yeast and lactobacilli ferment the flour' });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.kbId).toBe(kbId);
    const [best] = body.results as Result[];
    expect(best).toEqual({
      text: expect.stringContaining('lactobacilli') as unknown,
      score: expect.any(Number) as unknown,
      docTitle: 'Doc 2',
      docId: ids[2],
      chunkIndex: 0,
    });
  });

  it('returns results best-first', async () => {
    await ingestText(app, kbId, documentAbout(TOPICS[0]!, 100), 'Bees');
    const results = (await query({ query: 'filler sentence honeybees waggle', topK: 20 })).body
      .results as Result[];
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('returns at most 5 results by default, at most topK when given', async () => {
    await ingestText(app, kbId, documentAbout('start', 300), 'Filler');
    expect((await query({ query: 'filler' })).body.results).toHaveLength(5);
    expect((await query({ query: 'filler', topK: 2 })).body.results).toHaveLength(2);
    expect((await query({ query: 'filler', topK: 20 })).body.results).toHaveLength(20);
  });

  it('clamps a topK above the maximum of 20 to 20, and rounds a fractional topK down', async () => {
    await ingestText(app, kbId, documentAbout('start', 300), 'Filler');
    const { status, body } = await query({ query: 'filler', topK: 50 });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(20);
    expect((await query({ query: 'filler', topK: 2.7 })).body.results).toHaveLength(2);
  });

  it('returns an empty list when nothing matches', async () => {
    await ingestText(app, kbId, TOPICS[1]!, 'Glaciers');
    expect((await query({ query: 'zeppelin' })).body).toEqual({ status: 'ok', kbId, results: [] });
  });

  it('never returns a chunk of a deleted document', async () => {
    const doomed = (await ingestText(app, kbId, documentAbout(TOPICS[3]!, 30), 'Lighthouse')).docId as string;
    const kept = (await ingestText(app, kbId, 'Lighthouse lenses were ground in Paris.', 'Lenses'))
      .docId as string;
    await app.call('DELETE', `/kb/${kbId}/documents/${doomed}`);
    const results = (await query({ query: 'lighthouse keepers trimmed wicks', topK: 20 })).body
      .results as Result[];
    expect(results.map((result) => result.docId)).toEqual([kept]);
  });

  it('includes an inline document, whole, as chunk 0', async () => {
    const docId = (await ingestText(app, kbId, TOPICS[1]!, 'Glaciers', 'inline')).docId;
    expect((await query({ query: 'glaciers valleys' })).body.results).toEqual([
      expect.objectContaining({ docId, text: TOPICS[1], chunkIndex: 0, docTitle: 'Glaciers' }),
    ]);
  });

  it('does not search another base of the same account', async () => {
    const other = await createBase(app, 'Other');
    await ingestText(app, other, TOPICS[0]!, 'Bees');
    expect((await query({ query: 'honeybees' })).body.results).toEqual([]);
  });

  it.each([
    ['no query', {}],
    ['an empty query', { query: '' }],
    ['a query that is not a string', { query: 42 }],
    ['a topK that is not a number', { query: 'q', topK: 'x' }],
    ['a topK of zero', { query: 'q', topK: 0 }],
    ['a negative topK', { query: 'q', topK: -3 }],
  ])('refuses %s with a 400', async (_case, json) => {
    const { status, body } = await query(json);
    expect(status).toBe(400);
    expect(body.status).toBe('error');
  });

  it("answers 404 for an unknown base and for another account's base", async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    await ingestText(app, theirs, TOPICS[0]!, 'Bees').catch(() => undefined);
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs]) {
      expect((await query({ query: 'honeybees' }, id)).status).toBe(404);
    }
  });
});
