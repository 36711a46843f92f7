import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE, CHANGING, FETCH_COUNT, SCRIPT_RENDERED, SLOW } from './fixture-pages.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer('127.0.0.1');
});
afterAll(async () => {
  await server.close();
});

async function text(path: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}${path}`);
  return res.text();
}

describe('fixture web server', () => {
  it('serves the article with its title and sentences', async () => {
    const html = await text(ARTICLE.path);
    expect(html).toContain(`<title>${ARTICLE.title}</title>`);
    for (const sentence of ARTICLE.sentences) expect(html).toContain(sentence.replace(/&/g, '&amp;'));
  });

  it('changes the changing page on every fetch and counts fetches per token', async () => {
    const first = await text(CHANGING.pathFor('t1'));
    const second = await text(CHANGING.pathFor('t1'));
    expect(first).toContain(CHANGING.sentenceFor(1));
    expect(second).toContain(CHANGING.sentenceFor(2));
    expect(CHANGING.wordFor(1)).not.toBe(CHANGING.wordFor(2));
    expect(JSON.parse(await text(FETCH_COUNT.pathFor('t1')))).toEqual({ fetches: 2 });
    expect(JSON.parse(await text(FETCH_COUNT.pathFor('other')))).toEqual({ fetches: 0 });
  });

  it('keeps the script-rendered sentence out of the static markup text', async () => {
    const html = await text(SCRIPT_RENDERED.path);
    expect(html).not.toContain(`<p>${SCRIPT_RENDERED.hiddenSentence}</p>`);
  });

  it('delays the slow page', async () => {
    const started = Date.now();
    await text(SLOW.pathFor('s1', 150));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
