import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FilePart } from '../../src/http/client.ts';

/** The four file types the Limits table allows for upload, each built in memory with a text layer. */

const UPLOAD_SENTENCE = 'Harbour pilots guided the grain ships past the sandbar at high water.';

async function pdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage().drawText(UPLOAD_SENTENCE, { x: 50, y: 700, size: 12, font });
  return document.save();
}

async function docx(): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: [new Paragraph(UPLOAD_SENTENCE)] }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

export interface UploadType {
  /** As the Limits table names it. */
  name: 'PDF' | 'DOCX' | 'TXT' | 'MD';
  file: () => Promise<FilePart>;
}

export const UPLOAD_TYPES: readonly UploadType[] = [
  {
    name: 'PDF',
    file: async () => ({ filename: 'pilots.pdf', contentType: 'application/pdf', content: await pdf() }),
  },
  {
    name: 'DOCX',
    file: async () => ({
      filename: 'pilots.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content: await docx(),
    }),
  },
  {
    name: 'TXT',
    file: () =>
      Promise.resolve({
        filename: 'pilots.txt',
        contentType: 'text/plain',
        content: new TextEncoder().encode(`${UPLOAD_SENTENCE}\n`),
      }),
  },
  {
    name: 'MD',
    file: () =>
      Promise.resolve({
        filename: 'pilots.md',
        contentType: 'text/markdown',
        content: new TextEncoder().encode(`# Pilots\n\n${UPLOAD_SENTENCE}\n`),
      }),
  },
];
