import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownedBase, type KnowledgeContext } from '../context.ts';
import { addDocument, type IngestOutcome } from '../documents.ts';
import { KbError, badRequest } from '../errors.ts';
import { detectUploadKind, extractFileText, ExtractionError, UPLOAD_MIME_TYPES } from '../file-text.ts';
import { pageText, UnreadablePageError } from '../page-text.ts';
import { ingestTextBody, ingestUrlBody, type IngestTextBody, type IngestUrlBody } from '../schemas.ts';

type KbParams = { kbId: string };

/** Largest JSON body ingest-text accepts (the text is most of it); larger is a 413. */
const INGEST_TEXT_BODY_LIMIT = 16 * 1024 * 1024;
/** Largest uploaded file; larger is a 413. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
const UPLOAD_FIELD_MAX_BYTES = 64 * 1024;

/** POST /kb/:kbId/ingest-text, /kb/:kbId/ingest-url and /kb/:kbId/ingest (multipart upload) */
export function ingestRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.post<{ Params: KbParams; Body: IngestTextBody }>(
    '/kb/:kbId/ingest-text',
    { schema: { body: ingestTextBody }, bodyLimit: INGEST_TEXT_BODY_LIMIT },
    (request) => {
      const base = ownedBase(context, request, request.params.kbId);
      const { text, title, mimeType = 'text/plain', source = 'manual', mode = 'auto' } = request.body;
      const outcome = addDocument(
        base,
        { title, source, mimeType, text, fileSize: Buffer.byteLength(text), mode },
        context.timestamp(),
      );
      return ingestTextReply(outcome, base.kbId);
    },
  );

  app.post<{ Params: KbParams; Body: IngestUrlBody }>(
    '/kb/:kbId/ingest-url',
    { schema: { body: ingestUrlBody } },
    async (request) => {
      ownedBase(context, request, request.params.kbId);
      const url = httpUrl(request.body.url);
      const page = await context.fetchPage(url, context.closing).catch((error: unknown) => {
        if (context.closing.aborted) {
          throw new KbError(503, 'shutting_down', 'the server is closing; try again');
        }
        const reason = error instanceof Error ? error.message : 'the page could not be fetched';
        throw new KbError(422, 'url_fetch_failed', `${url}: ${reason}`);
      });
      // Looked up again: the base may have been deleted while the page was on its way.
      const base = ownedBase(context, request, request.params.kbId);
      const extracted = readPage(url, page);
      const title = request.body.title ?? (extracted.title || url);
      const { doc } = addDocument(
        base,
        {
          title,
          source: url,
          mimeType: page.contentType || 'text/html',
          text: extracted.text,
          fileSize: Buffer.byteLength(page.body),
          mode: 'vector',
          url,
        },
        context.timestamp(),
      );
      return {
        status: 'ok',
        docId: doc.docId,
        mode: doc.mode,
        chunksCreated: doc.chunksCount,
        title: doc.title,
        url,
        kbId: base.kbId,
      };
    },
  );

  app.post<{ Params: KbParams }>('/kb/:kbId/ingest', async (request) => {
    ownedBase(context, request, request.params.kbId);
    const upload = await readUpload(request);
    const kind = detectUploadKind(upload.filename, upload.mimeType);
    if (!kind) {
      throw new KbError(
        415,
        'unsupported_file_type',
        `${upload.filename || 'the file'} is not a PDF, DOCX, TXT or MD file`,
      );
    }
    const text = await extractFileText(kind, upload.bytes).catch((error: unknown) => {
      if (error instanceof ExtractionError) throw new KbError(422, 'extraction_failed', error.message);
      throw error;
    });
    const base = ownedBase(context, request, request.params.kbId);
    const title = upload.title ?? (upload.filename || `upload.${kind}`);
    const { doc } = addDocument(
      base,
      {
        title,
        source: 'upload',
        mimeType: UPLOAD_MIME_TYPES[kind],
        text,
        fileSize: upload.bytes.byteLength,
        mode: 'vector',
      },
      context.timestamp(),
    );
    return {
      status: 'ok',
      docId: doc.docId,
      chunksCreated: doc.chunksCount,
      title: doc.title,
      kbId: base.kbId,
    };
  });
}

function ingestTextReply(outcome: IngestOutcome, kbId: string) {
  const { doc } = outcome;
  if (outcome.mode === 'vector') {
    return { status: 'ok', docId: doc.docId, chunksCreated: outcome.chunksCreated, title: doc.title, kbId };
  }
  return {
    status: 'ok',
    docId: doc.docId,
    mode: 'inline',
    inlineChars: outcome.inlineChars,
    digestMethod: outcome.digestMethod,
    crawledChars: outcome.crawledChars,
    title: doc.title,
    kbId,
  };
}

function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`url is not an absolute URL: ${value.slice(0, 200)}`, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('url must be http or https', 'invalid_url');
  return url.href;
}

function readPage(url: string, page: Parameters<typeof pageText>[0]) {
  try {
    return pageText(page);
  } catch (error) {
    if (error instanceof UnreadablePageError)
      throw new KbError(422, 'url_unreadable', `${url}: ${error.message}`);
    throw error;
  }
}

interface Upload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
  title: string | undefined;
}

/** The `file` part and the optional `title` field, in whichever order they come. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new KbError(
      415,
      'unsupported_media_type',
      'upload a file as multipart/form-data with a "file" part',
    );
  }
  let file: Omit<Upload, 'title'> | undefined;
  let title: string | undefined;
  const parts = request.parts({
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 4,
      fields: 16,
      fieldSize: UPLOAD_FIELD_MAX_BYTES,
      parts: 20,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        // Every file part must be drained for the request to finish; only `file` is kept.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file)
          file = { filename: part.filename, mimeType: part.mimetype, bytes };
      } else if (part.fieldname === 'title' && typeof part.value === 'string' && part.value.length > 0) {
        title = part.value;
      }
    }
  } catch (error) {
    throw asMultipartError(error);
  }
  if (!file) throw badRequest('the multipart body has no "file" part', 'missing_file');
  return { ...file, title };
}

/** The plugin's own limits carry a 4xx; busboy's parse failures (a truncated body) carry none. */
function asMultipartError(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  const message = error instanceof Error ? error.message : 'unreadable multipart body';
  return new KbError(400, 'invalid_multipart', `the multipart body could not be read: ${message}`);
}
