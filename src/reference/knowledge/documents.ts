import { randomBytes, randomUUID } from 'node:crypto';
import { openPoints } from '../open-points.ts';
import { chunkText } from './chunking.ts';
import { NO_FAULT, type FaultCheck } from './faults.ts';
import { noteAdded, noteRemoved } from './settled-counts.ts';
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

/** How an inline document was reduced to what the assistant keeps in context (other words in the alternative personality). */
type DigestMethod = string;

function digestMethod(method: 'verbatim' | 'truncate'): DigestMethod {
  const words = openPoints().digest;
  return method === 'verbatim' ? words.whole : words.cut;
}

function resolveMode(requested: RequestedMode, text: string): DocumentMode {
  if (requested !== 'auto') return requested;
  // The threshold is open; the alternative personality keeps longer texts inline.
  const threshold = openPoints().name === 'default' ? AUTO_INLINE_MAX_CHARS : openPoints().autoInlineMaxChars;
  return text.length <= threshold ? 'inline' : 'vector';
}

/**
 * Adds a document to the base: a vector-tier document is chunked and every chunk indexed; an
 * inline one is indexed whole as chunk 0, so a query shows it too, but it is not a vector.
 */
export function addDocument(
  base: KnowledgeBase,
  input: NewDocument,
  createdAt: string,
  fault: FaultCheck = NO_FAULT,
): IngestOutcome {
  const mode = resolveMode(input.mode, input.text);
  const doc: KbDocument = {
    docId: fault('kb.document-id-object-id') ? randomBytes(12).toString('hex') : randomUUID(),
    title: input.title,
    source: input.source,
    mimeType: input.mimeType,
    // The fault keeps the mode asked for (`auto` included) instead of the tier it resolved to.
    mode: fault('kb.listed-mode-as-requested') ? (input.mode as DocumentMode) : mode,
    chunksCount: 0,
    fileSize: input.fileSize,
    createdAt,
    ...(input.url === undefined ? {} : { url: input.url }),
  };
  base.documents.set(doc.docId, doc);
  base.documentsAdded++;
  noteAdded(doc);
  const cited = fault('kb.cited-title-is-source') ? doc.source : doc.title;
  if (mode === 'vector') {
    // The fault indexes an empty text as one empty chunk.
    const chunks =
      fault('kb.empty-text-one-chunk') && input.text.trim() === '' ? [''] : chunkText(input.text);
    const chunksCreated = base.index.addDocument(doc.docId, cited, chunks, true);
    if (!fault('kb.chunks-count-not-stored')) doc.chunksCount = chunksCreated;
    return { doc, mode, chunksCreated };
  }
  const kept = input.text.length > INLINE_MAX_CHARS ? input.text.slice(0, INLINE_MAX_CHARS) : input.text;
  if (kept.trim().length > 0) base.index.addDocument(doc.docId, cited, [kept], false);
  return {
    doc,
    mode,
    inlineChars: kept.length,
    crawledChars: input.text.length,
    digestMethod: digestMethod(kept.length < input.text.length ? 'truncate' : 'verbatim'),
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
  if (openPoints().recrawledDocId === 'new') {
    // "Re-fetches every URL-sourced document": whether the document keeps its docId is not stated;
    // this personality stores the re-crawl as a new document in the old one's place.
    base.documents.delete(doc.docId);
    doc.docId = randomUUID();
    base.documents.set(doc.docId, doc);
  }
  doc.chunksCount = base.index.addDocument(doc.docId, doc.title, chunkText(text), true);
  doc.fileSize = fileSize;
}

/** `keepVectorCount` is set only by a planted fault: the chunks go, but the base still counts them. */
export function removeDocument(base: KnowledgeBase, docId: string, keepVectorCount = false): void {
  noteRemoved(base, base.documents.get(docId));
  base.documents.delete(docId);
  base.index.removeDocument(docId, keepVectorCount);
}
