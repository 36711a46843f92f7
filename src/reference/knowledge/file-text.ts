import { extractText, getDocumentProxy } from 'unpdf';

/** The four upload types the document names. */
export type UploadKind = 'pdf' | 'docx' | 'txt' | 'md';

export const UPLOAD_MIME_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
};

const BY_EXTENSION = new Map<string, UploadKind>([
  ['pdf', 'pdf'],
  ['docx', 'docx'],
  ['txt', 'txt'],
  ['text', 'txt'],
  ['md', 'md'],
  ['markdown', 'md'],
]);

const BY_MIME_TYPE = new Map<string, UploadKind>([
  ['application/pdf', 'pdf'],
  [UPLOAD_MIME_TYPES.docx, 'docx'],
  ['text/plain', 'txt'],
  ['text/markdown', 'md'],
  ['text/x-markdown', 'md'],
]);

const EXTRACTION_TIMEOUT_MS = 20_000;

/** Why a file's text could not be read; the route turns it into a 422. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
}

/**
 * The file's type from its name's extension, or, for a name without a known extension, from the
 * part's declared media type. Undefined for anything else (the route answers 415).
 */
export function detectUploadKind(filename: string, mimeType: string): UploadKind | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot >= 0) return BY_EXTENSION.get(filename.slice(dot + 1).toLowerCase());
  return BY_MIME_TYPE.get(mimeType.split(';')[0]!.trim().toLowerCase());
}

/** The text of an uploaded file; a PDF without a text layer gives the empty string. */
export async function extractFileText(kind: UploadKind, bytes: Buffer): Promise<string> {
  switch (kind) {
    case 'pdf':
      return withTimeout(pdfText(bytes), 'PDF');
    case 'docx':
      return withTimeout(docxText(bytes), 'DOCX');
    case 'txt':
    case 'md':
      return utf8Text(bytes);
  }
}

async function pdfText(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw new ExtractionError('the file is not a PDF');
  let pdf;
  try {
    // pdf.js takes ownership of the buffer it is given, so it gets a copy; verbosity 0 keeps its
    // font warnings out of the server log.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw new ExtractionError(`the PDF could not be read: ${messageOf(error)}`);
  }
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch (error) {
    throw new ExtractionError(`the PDF text could not be extracted: ${messageOf(error)}`);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  // Loaded on the first DOCX: some 70 ms of CPU and 15 MB that a run reading none never needs (a
  // reference starts in every conformance run). Outside the try: a package that cannot be loaded is
  // the server's failure (500), not a fault of the client's file.
  const { default: mammoth } = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return result.value;
  } catch (error) {
    throw new ExtractionError(`the DOCX could not be read: ${messageOf(error)}`);
  }
}

function utf8Text(bytes: Buffer): string {
  // Not fatal: a stray invalid byte becomes U+FFFD rather than refusing the whole file.
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ExtractionError(`${what} extraction took longer than ${EXTRACTION_TIMEOUT_MS} ms`)),
      EXTRACTION_TIMEOUT_MS,
    );
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
