import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, it, expect } from 'vitest';
import { UPLOAD_MAX_BYTES } from './routes/ingest.ts';
import { appWithBase, type KbTestApp } from './test-support.ts';

// A 1x1 PNG: the only content of the "scanned" PDF, which has no text layer.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([600, 800]);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 760 - i * 20, size: 12, font }));
  return pdf.save();
}

async function scannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(PIXEL_PNG);
  pdf.addPage([600, 800]).drawImage(image, { x: 0, y: 0, width: 600, height: 800 });
  return pdf.save();
}

async function docxFile(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

function form(
  file: { bytes: Uint8Array | string; name: string; type?: string } | undefined,
  fields: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

let app: KbTestApp;
let kbId: string;
appWithBase((started) => ({ app, kbId } = started), 'all');

const upload = (data: FormData | string, contentType?: string) =>
  app.call('POST', `/kb/${kbId}/ingest`, { raw: data, ...(contentType ? { contentType } : {}) });
const queryTop = async (query: string) =>
  (
    (await app.call('POST', `/kb/${kbId}/query`, { json: { query } })).body.results as Array<{
      docId: string;
      text: string;
    }>
  )[0];
const listed = async (docId: unknown) =>
  ((await app.call('GET', `/kb/${kbId}/documents`)).body.documents as Array<Record<string, unknown>>).find(
    (doc) => doc.docId === docId,
  );

describe('uploadFile — POST /kb/{kbId}/ingest (multipart/form-data)', () => {
  it('ingests the text layer of a PDF: {status, docId, chunksCreated, title, kbId}, title defaulting to the filename', async () => {
    const bytes = await textPdf([
      'Quarterly report on narwhal tusk growth.',
      'Tusks grow in a left-handed spiral.',
    ]);
    const { status, body } = await upload(form({ bytes, name: 'narwhals.pdf', type: 'application/pdf' }));
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      docId: expect.any(String) as unknown,
      chunksCreated: 1,
      title: 'narwhals.pdf',
      kbId,
    });
    expect((await queryTop('narwhal tusk spiral'))?.docId).toBe(body.docId);
    expect(await listed(body.docId)).toMatchObject({
      mimeType: 'application/pdf',
      source: 'upload',
      mode: 'vector',
      fileSize: bytes.byteLength,
      chunksCount: 1,
    });
  });

  it('ingests a scanned PDF without a text layer as an empty document, not an error', async () => {
    const { status, body } = await upload(form({ bytes: await scannedPdf(), name: 'scan.pdf' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', chunksCreated: 0, title: 'scan.pdf' });
    expect(await listed(body.docId)).toMatchObject({ chunksCount: 0, mode: 'vector' });
  });

  it('ingests a DOCX through its raw text, with a given title', async () => {
    const bytes = await docxFile(['Axolotls regenerate lost limbs.', 'They stay aquatic their whole lives.']);
    const { status, body } = await upload(form({ bytes, name: 'axolotl.docx' }, { title: 'Axolotl facts' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', chunksCreated: 1, title: 'Axolotl facts' });
    expect((await queryTop('axolotls regenerate limbs'))?.text).toContain('Axolotls regenerate lost limbs.');
    expect(await listed(body.docId)).toMatchObject({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('ingests TXT and MD as UTF-8 text', async () => {
    const txt = await upload(
      form({
        bytes: 'Capybaras are the largest rodents. Ça va très bien.',
        name: 'capybara.txt',
        type: 'text/plain',
      }),
    );
    const md = await upload(
      form({ bytes: '# Tardigrades\n\nThey survive the vacuum of space.', name: 'tardigrade.md' }),
    );
    expect(txt.status).toBe(200);
    expect(md.status).toBe(200);
    expect((await queryTop('capybaras rodents'))?.text).toContain('Ça va très bien.');
    expect((await queryTop('tardigrades vacuum'))?.docId).toBe(md.body.docId);
    expect(await listed(md.body.docId)).toMatchObject({ mimeType: 'text/markdown', title: 'tardigrade.md' });
  });

  it('takes the title field whether it comes before or after the file', async () => {
    const data = new FormData();
    data.append('file', new Blob(['after']), 'a.txt');
    data.append('title', 'Title after file');
    expect((await upload(data)).body.title).toBe('Title after file');
  });

  it('refuses a file type other than PDF, DOCX, TXT or MD with a 415', async () => {
    const { status, body } = await upload(form({ bytes: PIXEL_PNG, name: 'pixel.png', type: 'image/png' }));
    expect(status).toBe(415);
    expect(body).toMatchObject({ status: 'error', code: 'unsupported_file_type' });
  });

  it('refuses a file whose content does not match its type with a 422', async () => {
    const pdf = await upload(form({ bytes: 'plain words', name: 'fake.pdf' }));
    const docx = await upload(form({ bytes: 'plain words', name: 'fake.docx' }));
    expect([pdf.status, docx.status]).toEqual([422, 422]);
    expect(pdf.body.code).toBe('extraction_failed');
  });

  it(`refuses a file larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB with a 413`, async () => {
    const { status, body } = await upload(
      form({ bytes: new Uint8Array(UPLOAD_MAX_BYTES + 1), name: 'huge.txt' }),
    );
    expect(status).toBe(413);
    expect(body.status).toBe('error');
  });

  it('refuses a form without a file part with a 400', async () => {
    const { status, body } = await upload(form(undefined, { title: 'no file' }));
    expect(status).toBe(400);
    expect(body.code).toBe('missing_file');
  });

  it('refuses a JSON or an empty body with a 4xx JSON error', async () => {
    const json = await app.call('POST', `/kb/${kbId}/ingest`, { json: { file: 'x' } });
    expect(json.status).toBe(415);
    const empty = await app.call('POST', `/kb/${kbId}/ingest`);
    expect(empty.status).toBe(415);
  });

  it('refuses a truncated multipart body with a 4xx JSON error', async () => {
    const { status, body } = await upload(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi',
      'multipart/form-data; boundary=XYZ',
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.status).toBe('error');
  });

  it('answers 404 for an unknown base', async () => {
    const { status } = await app.call('POST', '/kb/00000000-0000-4000-8000-000000000000/ingest', {
      raw: form({ bytes: 'x', name: 'x.txt' }),
    });
    expect(status).toBe(404);
  });
});
