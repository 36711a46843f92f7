import { Readability } from '@mozilla/readability';

/** The few DOM members this module reads; the project builds without the DOM lib. */
interface TextNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNode>;
}

interface RemovableNode {
  remove(): void;
}

interface ParsedDocument {
  title: string;
  body: TextNode | null;
  querySelectorAll(selector: string): Iterable<RemovableNode>;
}

export interface PageText {
  /** The page's `<title>` (or the article title Readability found); empty when it has none. */
  title: string;
  text: string;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
// prettier-ignore
const BLOCK_ELEMENTS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL',
  'P', 'PRE', 'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);
const NOT_CONTENT = 'script, style, noscript, template, svg, head';

/**
 * The readable text of an HTML page: the article Readability finds, or, when it finds none (short
 * or unusual pages), the body text without scripts and styles. A page rendered by script yields
 * (nearly) nothing, as the document says it does. Rejects only when linkedom cannot be loaded.
 */
export async function htmlToText(html: string): Promise<PageText> {
  // linkedom, loaded on the first HTML page: some 150 ms of CPU and 17 MB that a run without a URL
  // to crawl never needs (a reference starts in every conformance run). Node's module map loads it
  // once for pages arriving together; an import after that costs a few microseconds.
  const { parseHTML } = await import('linkedom');
  const parse: Parse = (text) => (parseHTML(text) as unknown as { document: ParsedDocument }).document;
  const page = asDocument(html);
  const title = pageTitle(parse, page);
  const article = readArticle(parse, page);
  const text = article.text || bodyText(parse, page);
  return { title: title || article.title, text };
}

type Parse = (html: string) => ParsedDocument;

/** linkedom builds no document element from a fragment or from garbage; a wrapper gives it one. */
function asDocument(html: string): string {
  return /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
}

function pageTitle(parse: Parse, html: string): string {
  try {
    return parse(html).title.trim();
  } catch {
    return '';
  }
}

function readArticle(parse: Parse, html: string): PageText {
  try {
    // Readability rewrites the DOM it is given, so it works on its own parse of the page; the
    // serializer hands back the article node itself, to be walked for block-aware text.
    const reader = new Readability<TextNode>(parse(html), {
      serializer: (node: unknown) => node as TextNode,
    });
    const article = reader.parse();
    const content = article?.content;
    return { title: article?.title?.trim() ?? '', text: content ? blockText(content) : '' };
  } catch {
    return { title: '', text: '' };
  }
}

function bodyText(parse: Parse, html: string): string {
  try {
    const document = parse(html);
    for (const node of document.querySelectorAll(NOT_CONTENT)) node.remove();
    return document.body ? blockText(document.body) : '';
  } catch {
    return '';
  }
}

/** Text with a line break around every block element, so paragraphs do not run together. */
function blockText(root: TextNode): string {
  const parts: string[] = [];
  const walk = (node: TextNode): void => {
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const block = BLOCK_ELEMENTS.has(node.nodeName.toUpperCase());
    if (block) parts.push('\n');
    for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]!);
    if (block) parts.push('\n');
  };
  walk(root);
  return normalizeWhitespace(parts.join(''));
}

/** Collapses spaces within lines and blank-line runs to a single paragraph break. */
export function normalizeWhitespace(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
