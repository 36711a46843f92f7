/**
 * Writes the upload fixtures under fixtures/ from src/generate/fixture-sentences.ts:
 * `npm run fixtures`. PDF, TXT and MD come out byte for byte the same on every run; DOCX carries
 * the time it was made (docx stamps it), so only its text is stable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  DOCX_FILE,
  MD_FILE,
  PDF_FILE,
  SCANNED_PDF_FILE,
  TXT_FILE,
  type FixtureFile,
} from '../src/generate/fixture-sentences.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

// ------------------------------------------------------------------ text-layer documents

/** A PDF whose page carries the heading and sentences as real text (a text layer). */
async function textPdf(file: FixtureFile): Promise<Uint8Array> {
  // No metadata: the creation date would make every run's bytes differ.
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([595, 842]);
  page.drawText(file.heading, { x: 56, y: 770, size: 16, font: bold });
  let y = 736;
  for (const sentence of file.sentences) {
    // One sentence per line, at a size at which the longest sentence fits within the margins.
    page.drawText(sentence, { x: 56, y, size: 10, font });
    y -= 20;
  }
  return document.save();
}

async function docx(file: FixtureFile): Promise<Uint8Array> {
  const document = new Document({
    creator: 'conformance suite',
    title: file.heading,
    sections: [
      {
        children: [
          new Paragraph({ text: file.heading, heading: HeadingLevel.HEADING_1 }),
          ...file.sentences.map((sentence) => new Paragraph(sentence)),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

function txt(file: FixtureFile): Uint8Array {
  return new TextEncoder().encode(`${file.heading}\n\n${file.sentences.join('\n\n')}\n`);
}

function md(file: FixtureFile): Uint8Array {
  const [first, ...rest] = file.sentences;
  const list = rest.map((sentence) => `- ${sentence}`).join('\n');
  return new TextEncoder().encode(`# ${file.heading}\n\n${first ?? ''}\n\n## Seasonal tasks\n\n${list}\n`);
}

// ------------------------------------------------------------------ the scanned page

/** 5×7 glyphs, rows top to bottom, for the letters of the scanned sentence. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.###.'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  N: ['#...#', '##..#', '##..#', '#.#.#', '#..##', '#..##', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  ':': ['.....', '..#..', '..#..', '.....', '..#..', '..#..', '.....'],
  '.': ['.....', '.....', '.....', '.....', '.....', '.##..', '.##..'],
  ' ': ['.....', '.....', '.....', '.....', '.....', '.....', '.....'],
};

const DOT = 3; // pixels per glyph dot
const MARGIN = 12;

/** The sentence as 8-bit grey pixels, dark ink on light paper with a little deterministic speckle. */
function rasterise(text: string): { width: number; height: number; pixels: Uint8Array } {
  const cell = 6 * DOT; // five dots and a gap
  const width = MARGIN * 2 + text.length * cell;
  const height = MARGIN * 2 + 7 * DOT;
  const pixels = new Uint8Array(width * height);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    pixels[i] = 236 + (seed % 12);
  }
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`make-fixtures: no glyph for "${char}" in the scanned sentence`);
    glyph.forEach((row, gy) => {
      [...row].forEach((dot, gx) => {
        if (dot !== '#') return;
        for (let dy = 0; dy < DOT; dy += 1) {
          for (let dx = 0; dx < DOT; dx += 1) {
            const x = MARGIN + index * cell + gx * DOT + dx;
            const y = MARGIN + gy * DOT + dy;
            pixels[y * width + x] = 28;
          }
        }
      });
    });
  });
  return { width, height, pixels };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A greyscale PNG (no filter, one deflate stream): enough for pdf-lib to embed as a picture. */
function greyPng({
  width,
  height,
  pixels,
}: {
  width: number;
  height: number;
  pixels: Uint8Array;
}): Uint8Array {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1)
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A PDF whose only content is a picture of the sentence: no text operator, so no text layer. */
async function scannedPdf(file: FixtureFile): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const image = await document.embedPng(greyPng(rasterise(file.sentences.join(' '))));
  const page = document.addPage([595, 842]);
  const width = 595 - 2 * 40;
  page.drawImage(image, { x: 40, y: 700, width, height: (image.height / image.width) * width });
  return document.save();
}

// ------------------------------------------------------------------ all of them

/** Every fixture file's name and bytes, as this script writes them. */
export async function buildFixtureFiles(): Promise<Map<string, Uint8Array>> {
  return new Map<string, Uint8Array>([
    [PDF_FILE.name, await textPdf(PDF_FILE)],
    [SCANNED_PDF_FILE.name, await scannedPdf(SCANNED_PDF_FILE)],
    [DOCX_FILE.name, await docx(DOCX_FILE)],
    [TXT_FILE.name, txt(TXT_FILE)],
    [MD_FILE.name, md(MD_FILE)],
  ]);
}

async function main(): Promise<void> {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  for (const [name, bytes] of await buildFixtureFiles()) {
    writeFileSync(`${FIXTURES_DIR}${name}`, bytes);
    console.log(`fixtures/${name} (${bytes.length} bytes)`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`make-fixtures: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
