import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE,
  CHANGING,
  FETCH_COUNT,
  HELD,
  SCRIPT_RENDERED,
  SLOW,
  type HeldState,
} from './fixture-pages.ts';
import { pollUntil } from '../context/poll.ts';
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

  it('answers a held page at once until held, then holds each fetch until released', async () => {
    const state = async (): Promise<HeldState> =>
      (await fetch(`${server.localUrl}${HELD.statePathFor('h1')}`)).json() as Promise<HeldState>;
    expect(await text(HELD.pathFor('h1'))).toContain(HELD.sentence);
    expect(
      await fetch(`${server.localUrl}${HELD.holdPathFor('h1')}`, { method: 'POST' }).then((r) => r.status),
    ).toBe(200);
    let answered = false;
    const pending = text(HELD.pathFor('h1')).then((html) => {
      answered = true;
      return html;
    });
    await pollUntil(state, (s) => s.waiting > 0, { timeoutMs: 2_000, intervalMs: 10 });
    expect(await state()).toEqual({ holding: true, received: 2, answered: 1, waiting: 1, abandoned: 0 });
    expect(answered).toBe(false);
    await fetch(`${server.localUrl}${HELD.releasePathFor('h1')}`, { method: 'POST' });
    expect(await pending).toContain(HELD.sentence);
    expect(await state()).toEqual({ holding: false, received: 2, answered: 2, waiting: 0, abandoned: 0 });
    expect(JSON.parse(await text(FETCH_COUNT.pathFor('h1')))).toEqual({ fetches: 2 });
  });

  it('counts a held fetch the fetcher gives up on as abandoned', async () => {
    await fetch(`${server.localUrl}${HELD.holdPathFor('h2')}`, { method: 'POST' });
    const controller = new AbortController();
    const pending = fetch(`${server.baseUrl}${HELD.pathFor('h2')}`, { signal: controller.signal }).catch(
      () => 'aborted',
    );
    const state = async (): Promise<HeldState> =>
      (await fetch(`${server.localUrl}${HELD.statePathFor('h2')}`)).json() as Promise<HeldState>;
    await pollUntil(state, (s) => s.waiting > 0, { timeoutMs: 2_000, intervalMs: 10 });
    controller.abort();
    expect(await pending).toBe('aborted');
    await pollUntil(state, (s) => s.abandoned > 0, { timeoutMs: 2_000, intervalMs: 10 });
    expect(await state()).toMatchObject({ received: 1, answered: 0, waiting: 0, abandoned: 1 });
    await fetch(`${server.localUrl}${HELD.releasePathFor('h2')}`, { method: 'POST' });
  });

  it('refuses to hold or release on GET', async () => {
    expect((await fetch(`${server.localUrl}${HELD.holdPathFor('h3')}`)).status).toBe(405);
  });
});
