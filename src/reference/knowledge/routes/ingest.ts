import { openPoints } from '../../open-points.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownedBase, writableBase, type KnowledgeContext } from '../context.ts';
import { DAY_MS, DEFAULT_INTERVAL_DAYS } from '../store.ts';
import { takeParkedChunks } from './documents.ts';
import type { FaultCheck } from '../faults.ts';
import { addDocument, type IngestOutcome } from '../documents.ts';
import { KbError, badRequest } from '../errors.ts';
import {
  detectUploadKind,
  extractFileText,
  ExtractionError,
  UPLOAD_MIME_TYPES,
  type UploadKind,
} from '../file-text.ts';
import { pageText, UnreadablePageError } from '../page-text.ts';
import type { PageText } from '../html-text.ts';
import {
  ingestTextBody,
  ingestUrlBody,
  bodySchema,
  type IngestTextBody,
  type IngestUrlBody,
} from '../schemas.ts';

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
    {
      ...bodySchema(ingestTextBody, context.fault, [
        ['kb.ingest-text-title-optional', 'title', 'required'],
        ['kb.ingest-text-title-any-type', 'title', 'type'],
        ['kb.ingest-mode-unchecked', 'mode', 'type'],
      ]),
      bodyLimit: INGEST_TEXT_BODY_LIMIT,
    },
    (request, reply) => {
      const base = writableBase(context, request, request.params.kbId, 'kb.ingest-text-any-account');
      const fault = context.fault;
      if (fault('kb.mode-auto-refused') && request.body.mode === 'auto')
        throw badRequest('mode must be vector or inline', 'invalid_mode');
      const { title, mimeType = defaultMimeType(fault), source = defaultSource(fault) } = request.body;
      const text = fault('kb.ingest-text-reads-content')
        ? textField(request.body, 'content')
        : request.body.text;
      let mode = request.body.mode ?? 'auto';
      if (fault('kb.vector-mode-ignored') && mode === 'vector') mode = 'auto';
      // The fault honours mode inline only for a text short enough for auto to keep it inline.
      if (fault('kb.inline-mode-short-only') && mode === 'inline') mode = 'auto';
      const outcome = addDocument(
        base,
        {
          title,
          source: fault('kb.text-source-ignored') ? 'manual' : source,
          mimeType: fault('kb.text-mime-type-ignored') ? 'text/plain' : mimeType,
          text,
          // Bytes of UTF-8 (the alternative personality: characters); the unit is open.
          fileSize: openPoints().textSize === 'characters' ? [...text].length : Buffer.byteLength(text),
          mode,
        },
        context.timestamp(),
        fault,
      );
      // A planted fault: a deleted document's chunks, parked under its title, join the new document of that title.
      if (fault('kb.reused-title-revives-chunks')) {
        const parked = takeParkedChunks(base, title);
        if (parked.length > 0) base.index.addDocument(outcome.doc.docId, title, parked, true);
      }
      context.views.wrote('ingest-text');
      return reply
        .code(fault('kb.ingest-text-201') ? 201 : 200)
        .send(ingestTextReply(outcome, base.kbId, fault));
    },
  );

  app.post<{ Params: KbParams; Body: IngestUrlBody }>(
    '/kb/:kbId/ingest-url',
    bodySchema(ingestUrlBody, context.fault),
    async (request, reply) => {
      ownedBase(context, request, request.params.kbId);
      const url = httpUrl(request.body.url);
      const fault = context.fault;
      const fetched = fault('kb.ingest-url-forces-https') ? url.replace(/^http:/, 'https:') : url;
      const fetching = fault('kb.ingest-url-never-fetches')
        ? Promise.resolve({ contentType: 'text/html', body: '' })
        : context.fetchPage(fetched, context.closing);
      const page = await fetching.catch((error: unknown) => {
        if (context.closing.aborted) {
          throw new KbError(503, 'shutting_down', 'the server is closing; try again');
        }
        const reason = error instanceof Error ? error.message : 'the page could not be fetched';
        throw new KbError(422, 'url_fetch_failed', `${url}: ${reason}`);
      });
      const extracted = fault('kb.ingest-url-never-fetches')
        ? { title: '', text: '' }
        : await readPage(url, page);
      // Looked up again after the last wait: the base may have been deleted while the page was on
      // its way or being read. An unreadable page is then answered before a base deleted meanwhile
      // (422 before 404), as an unreadable upload is.
      const base = ownedBase(context, request, request.params.kbId);
      const pageTitle = fault('kb.url-title-defaults-to-url') ? '' : extracted.title;
      const title = request.body.title ?? (pageTitle || url);
      const { doc } = addDocument(
        base,
        {
          title,
          source: url,
          mimeType: page.contentType || 'text/html',
          text: fault('kb.url-text-empty') ? '' : extracted.text,
          fileSize: Buffer.byteLength(page.body),
          mode: 'vector',
          url,
        },
        context.timestamp(),
        fault,
      );
      // A planted fault: a new live source starts the base's schedule afresh, from the defaults.
      if (fault('kb.ingest-url-resets-schedule')) {
        base.autoRefresh.enabled = false;
        base.autoRefresh.intervalMs = DEFAULT_INTERVAL_DAYS * DAY_MS;
        context.recrawler.schedule(base);
      }
      context.views.wrote('ingest-url');
      return reply.code(fault('kb.ingest-url-202') ? 202 : 200).send({
        status: 'ok',
        docId: doc.docId,
        ...(fault('kb.url-answer-no-mode') ? {} : { mode: doc.mode }),
        chunksCreated: doc.chunksCount,
        title: doc.title,
        url,
        kbId: base.kbId,
      });
    },
  );

  app.post<{ Params: KbParams }>('/kb/:kbId/ingest', async (request, reply) => {
    ownedBase(context, request, request.params.kbId);
    const fault = context.fault;
    if (fault('kb.upload-not-multipart') && request.isMultipart()) {
      throw new KbError(415, 'unsupported_media_type', 'send the file as JSON {filename, content}');
    }
    const upload = await readUpload(request, {
      titleBeforeFileOnly: fault('kb.upload-title-after-file-ignored'),
      anyFieldIsTitle: fault('kb.upload-any-field-is-title'),
    });
    const kind = refusedKind(fault, detectUploadKind(upload.filename, upload.mimeType));
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
    if (fault('kb.scanned-pdf-refused') && kind === 'pdf' && text.trim() === '')
      throw new KbError(422, 'extraction_failed', 'the PDF has no text layer');
    const base = ownedBase(context, request, request.params.kbId);
    const filename = fault('kb.upload-title-no-extension')
      ? upload.filename.replace(/\.[^.]*$/, '')
      : upload.filename;
    const title = upload.title ?? (filename || `upload.${kind}`);
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
      fault,
    );
    context.views.wrote('upload');
    return reply.code(fault('kb.upload-201') ? 201 : 200).send({
      status: 'ok',
      docId: doc.docId,
      ...(fault('kb.upload-answer-no-chunks') ? {} : { chunksCreated: doc.chunksCount }),
      title: doc.title,
      kbId: base.kbId,
    });
  });
}

/** The kind detected, unless a planted fault refuses it (a type missing from the accepted list). */
function refusedKind(fault: FaultCheck, kind: UploadKind | undefined): UploadKind | undefined {
  if (fault('kb.upload-md-refused') && kind === 'md') return undefined;
  if (fault('kb.upload-docx-refused') && kind === 'docx') return undefined;
  return kind;
}

function ingestTextReply(outcome: IngestOutcome, kbId: string, fault: FaultCheck) {
  const { doc } = outcome;
  if (outcome.mode === 'vector') {
    const chunksKey = fault('kb.vector-answer-chunks-key') ? 'chunks' : 'chunksCreated';
    return { status: 'ok', docId: doc.docId, [chunksKey]: outcome.chunksCreated, title: doc.title, kbId };
  }
  return {
    status: 'ok',
    docId: doc.docId,
    ...(fault('kb.inline-answer-chunks-created') ? { chunksCreated: 0 } : {}),
    mode: 'inline',
    inlineChars: outcome.inlineChars,
    digestMethod: outcome.digestMethod,
    crawledChars: outcome.crawledChars,
    title: doc.title,
    kbId,
  };
}

/** The defaults of ingest-text, as a planted fault may bend them. */
function defaultMimeType(fault: FaultCheck): string {
  return fault('kb.default-mime-charset') ? 'text/plain; charset=utf-8' : 'text/plain';
}

function defaultSource(fault: FaultCheck): string {
  return fault('kb.default-source-api') ? 'api' : 'manual';
}

/** A string field of the body read by another name (a planted fault); empty when absent. */
function textField(body: object, field: string): string {
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
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

async function readPage(url: string, page: Parameters<typeof pageText>[0]): Promise<PageText> {
  try {
    return await pageText(page);
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
/**
 * The options are set only by planted faults: a title sent after the file part ignored, or any
 * text field of the form taken for the title.
 */
async function readUpload(
  request: FastifyRequest,
  planted: { titleBeforeFileOnly: boolean; anyFieldIsTitle: boolean },
): Promise<Upload> {
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
      } else if (
        (part.fieldname === 'title' || planted.anyFieldIsTitle) &&
        typeof part.value === 'string' &&
        part.value.length > 0 &&
        !(planted.titleBeforeFileOnly && file)
      ) {
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
