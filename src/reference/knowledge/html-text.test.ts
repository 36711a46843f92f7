import { describe, it, expect } from 'vitest';
import { htmlToText } from './html-text.ts';

const article = (body: string, title = 'Page title') =>
  `<!doctype html><html><head><title>${title}</title><style>p{color:red}</style></head><body>${body}</body></html>`;

const longParagraphs = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i} of the article explains how the orbital mechanics of comet ${i} differ from those of ordinary asteroids, at some length.</p>`,
).join('');

describe('htmlToText', () => {
  it('extracts the article and the page title, leaving navigation and scripts out', async () => {
    const page = await htmlToText(
      article(
        `<nav><a href="/">Home</a> <a href="/x">Menu item</a></nav><article><h1>Comets</h1>${longParagraphs}</article><script>var secret = 1;</script>`,
      ),
    );
    expect(page.title).toBe('Page title');
    expect(page.text).toContain('Paragraph 0 of the article');
    expect(page.text).toContain('comet 7');
    expect(page.text).not.toContain('secret');
  });

  it('keeps paragraphs apart even when the markup has no whitespace between them', async () => {
    const page = await htmlToText(article(`<article>${longParagraphs}</article>`));
    expect(page.text).toMatch(/asteroids, at some length\.\n+Paragraph 1/);
  });

  it('falls back to the body text of a short page Readability does not take for an article', async () => {
    const page = await htmlToText(
      article('<div>Just one short line about zebras.</div><script>ignored()</script>'),
    );
    expect(page.text).toBe('Just one short line about zebras.');
  });

  it('yields nothing for a page rendered by script', async () => {
    const page = await htmlToText(
      article('<div id="root"></div><script src="/app.js"></script><script>render()</script>', 'App'),
    );
    expect(page).toEqual({ title: 'App', text: '' });
  });

  it('gives an empty title when the page has none', async () => {
    expect((await htmlToText('<html><body><p>no title here</p></body></html>')).title).toBe('');
  });

  it('survives markup that is not HTML at all', async () => {
    expect((await htmlToText('<<<>>> &&& </unclosed')).text).toBeTypeOf('string');
    expect((await htmlToText('')).text).toBe('');
    expect((await htmlToText('<p>a fragment</p>')).text).toBe('a fragment');
    expect((await htmlToText('<html')).text).toBeTypeOf('string');
  });
});
