import { readFileSync } from 'node:fs';
import mammoth from 'mammoth';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCX_FILE,
  FIXTURE_FILES,
  SCANNED_PDF_FILE,
  type FixtureFile,
} from '../src/generate/fixture-sentences.ts';
import { buildFixtureFiles, FIXTURES_DIR } from './make-fixtures.ts';

function committed(file: FixtureFile): Uint8Array {
  return new Uint8Array(readFileSync(`${FIXTURES_DIR}${file.name}`));
}

/** The text an ingest would see: what a PDF, DOCX or text extractor reads from the bytes. */
async function textOf(file: FixtureFile, bytes: Uint8Array): Promise<string> {
  if (file.kind === 'PDF') return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
  if (file.kind === 'DOCX') return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  return new TextDecoder().decode(bytes);
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

let built: Map<string, Uint8Array>;
beforeAll(async () => {
  built = await buildFixtureFiles();
});

describe('fixtures/ (npm run fixtures)', () => {
  it('makes exactly the files the sentence module lists', () => {
    expect([...built.keys()].sort()).toEqual(FIXTURE_FILES.map((f) => f.name).sort());
  });

  for (const file of FIXTURE_FILES.filter((f) => f !== DOCX_FILE)) {
    it(`keeps ${file.name} byte for byte as the script makes it`, () => {
      expect(
        Buffer.from(committed(file)).equals(Buffer.from(built.get(file.name) ?? [])),
        `regenerate with npm run fixtures`,
      ).toBe(true);
    });
  }

  it(`keeps the text of ${DOCX_FILE.name} as the script makes it (docx stamps the time, so bytes differ)`, async () => {
    const fresh = built.get(DOCX_FILE.name);
    if (!fresh) throw new Error('the script made no DOCX');
    expect(await textOf(DOCX_FILE, committed(DOCX_FILE))).toBe(await textOf(DOCX_FILE, fresh));
  });

  for (const file of FIXTURE_FILES.filter((f) => f.textLayer)) {
    it(`${file.name} holds each of its sentences as extractable text`, async () => {
      const text = squash(await textOf(file, committed(file)));
      for (const sentence of file.sentences) expect(text).toContain(sentence);
    });
  }

  it(`${SCANNED_PDF_FILE.name} has no text layer, only a picture of its sentence`, async () => {
    const bytes = committed(SCANNED_PDF_FILE);
    expect((await textOf(SCANNED_PDF_FILE, bytes)).trim()).toBe('');
    const document = await PDFDocument.load(bytes);
    const images = document.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && String(object.dict.get(PDFName.of('Subtype'))) === '/Image',
      );
    expect(images).toHaveLength(1);
  });
});
