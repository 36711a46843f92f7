/**
 * The files under fixtures/ and the sentences each holds. scripts/make-fixtures.ts writes the files
 * from this module (`npm run fixtures`), and the knowledge-base checks read it to know what an
 * upload must yield, so the two can never disagree. Each file uses vocabulary no other file uses,
 * so that a query made of one of its sentences points at that file alone.
 */
type UploadKind = 'PDF' | 'DOCX' | 'TXT' | 'MD';

export interface FixtureFile {
  /** The file name under fixtures/, and the title an upload without `title` is listed under. */
  name: string;
  kind: UploadKind;
  contentType: string;
  heading: string;
  sentences: readonly string[];
  /** False for the scanned PDF: its sentence is pixels of an image, with no text layer to extract. */
  textLayer: boolean;
}

export const PDF_FILE = {
  name: 'tide-mills.pdf',
  kind: 'PDF',
  contentType: 'application/pdf',
  heading: 'Tide Mills of the Rance Estuary',
  sentences: [
    'The tide mill at Saint-Suliac ground buckwheat whenever the ebb turned its oak waterwheel.',
    'Millers kept a slate tally of every sack hauled up from the flooded millpond.',
    'A granite sluice gate trapped seawater at high tide and released it through the wheel race.',
  ],
  textLayer: true,
} as const satisfies FixtureFile;

/** A page photographed rather than typeset: an image of upper-case text and nothing else. */
export const SCANNED_PDF_FILE = {
  name: 'scanned-ledger.pdf',
  kind: 'PDF',
  contentType: 'application/pdf',
  heading: 'Scanned ledger page',
  sentences: ['SCANNED LEDGER: NINE OTTERS SLEPT BELOW THE WEIR AT DAWN.'],
  textLayer: false,
} as const satisfies FixtureFile;

export const DOCX_FILE = {
  name: 'apiary-notes.docx',
  kind: 'DOCX',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  heading: 'Apiary Notes from the Cevennes',
  sentences: [
    'Beekeepers in the Cevennes smoked their chestnut-log hives with dried lavender stalks.',
    'Each queen was marked with a dab of vermilion paint so that swarms could be traced across the valley.',
    'Honey from the heather slopes crystallised within a fortnight of extraction.',
  ],
  textLayer: true,
} as const satisfies FixtureFile;

export const TXT_FILE = {
  name: 'glacier-survey.txt',
  kind: 'TXT',
  contentType: 'text/plain',
  heading: 'Glacier Survey Field Log',
  sentences: [
    'Surveyors drilled ablation stakes into the Morteratsch glacier every September.',
    'Meltwater from the moulin was sampled for rock flour and measured with a turbidity probe.',
    'The snout of the glacier retreated eleven metres between consecutive field seasons.',
  ],
  textLayer: true,
} as const satisfies FixtureFile;

export const MD_FILE = {
  name: 'cider-orchard.md',
  kind: 'MD',
  contentType: 'text/markdown',
  heading: 'Cider Orchard Guide',
  sentences: [
    'Orchardists wassail the oldest perry pear tree each January with toast soaked in mulled cider.',
    'Russet apples are pressed through straw-layered cheeses on a twin-screw press.',
    'Mistletoe clumps are cut from the crab apple boughs before the blossom opens.',
  ],
  textLayer: true,
} as const satisfies FixtureFile;

/** One file of each upload type the document names, each with a text layer. */
export const UPLOADABLE_FILES: readonly FixtureFile[] = [PDF_FILE, DOCX_FILE, TXT_FILE, MD_FILE];

export const FIXTURE_FILES: readonly FixtureFile[] = [...UPLOADABLE_FILES, SCANNED_PDF_FILE];
