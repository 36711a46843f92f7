import { randomUUID } from 'node:crypto';
import { chunkText } from './chunking.ts';
import type { DocumentMode, KbDocument, KnowledgeBase } from './store.ts';

/** `mode: auto` keeps a text of at most this many characters inline, and chunks a longer one. */
export const AUTO_INLINE_MAX_CHARS = 2_000;
/** An inline document keeps at most this many characters; the rest is cut (`digestMethod: truncate`). */
export const INLINE_MAX_CHARS = 20_000;

type RequestedMode = 'auto' | 'vector' | 'inline';

export interface NewDocument {
  title: string;
  source: string;
  mimeType: string;
  text: string;
  fileSize: number;
  mode: RequestedMode;
  url?: string;
}

export type IngestOutcome =
  | { doc: KbDocument; mode: 'vector'; chunksCreated: number }
  | {
      doc: KbDocument;
      mode: 'inline';
      inlineChars: number;
      crawledChars: number;
      digestMethod: DigestMethod;
    };

/** How an inline document was reduced to what the assistant keeps in context. */
type DigestMethod = 'verbatim' | 'truncate';

function resolveMode(requested: RequestedMode, text: string): DocumentMode {
  if (requested !== 'auto') return requested;
  return text.length <= AUTO_INLINE_MAX_CHARS ? 'inline' : 'vector';
}

/**
 * Adds a document to the base: a vector-tier document is chunked and every chunk indexed; an
 * inline one is indexed whole as chunk 0, so a query shows it too, but it is not a vector.
 */
export function addDocument(base: KnowledgeBase, input: NewDocument, createdAt: string): IngestOutcome {
  const mode = resolveMode(input.mode, input.text);
  const doc: KbDocument = {
    docId: randomUUID(),
    title: input.title,
    source: input.source,
    mimeType: input.mimeType,
    mode,
    chunksCount: 0,
    fileSize: input.fileSize,
    createdAt,
    ...(input.url === undefined ? {} : { url: input.url }),
  };
  base.documents.set(doc.docId, doc);
  if (mode === 'vector') {
    doc.chunksCount = base.index.addDocument(doc.docId, doc.title, chunkText(input.text), true);
    return { doc, mode, chunksCreated: doc.chunksCount };
  }
  const kept = input.text.length > INLINE_MAX_CHARS ? input.text.slice(0, INLINE_MAX_CHARS) : input.text;
  if (kept.trim().length > 0) base.index.addDocument(doc.docId, doc.title, [kept], false);
  return {
    doc,
    mode,
    inlineChars: kept.length,
    crawledChars: input.text.length,
    digestMethod: kept.length < input.text.length ? 'truncate' : 'verbatim',
  };
}

/** Replaces a vector-tier document's chunks with those of its new text (a re-crawl). */
export function replaceDocumentText(
  base: KnowledgeBase,
  doc: KbDocument,
  text: string,
  fileSize: number,
): void {
  base.index.removeDocument(doc.docId);
  doc.chunksCount = base.index.addDocument(doc.docId, doc.title, chunkText(text), true);
  doc.fileSize = fileSize;
}

export function removeDocument(base: KnowledgeBase, docId: string): void {
  base.documents.delete(docId);
  base.index.removeDocument(docId);
}
