import fc from 'fast-check';
import { describe, expect } from 'vitest';
import type { Tier } from '../../src/expect/ingest-tier.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { markerWord, textOfLength } from '../../src/generate/knowledge.ts';
import { check } from '../../src/harness/check.ts';
import { bodyOf, succeeded } from '../../src/http/json.ts';
import { type KnowledgeSteps, type Stats } from '../../src/resources/knowledge-steps.ts';

describe('getKnowledgeBaseStats — GET /kb/{kbId}/stats', () => {
  check(
    'kb.stats.empty-base',
    ['KB-STATS-01', 'KB-STATS-02', 'CONV-13'],
    'answers 200 {status, kbId, documentsCount, vectorCount}, both 0 for a new base',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.client.call('getKnowledgeBaseStats', { path: { kbId } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const answer = bodyOf(exchange);
      expect(answer.kbId, 'kbId in the answer').toBe(kbId);
      expect(answer.documentsCount, 'documentsCount of a new base').toBe(0);
      expect(answer.vectorCount, 'vectorCount of a new base').toBe(0);
    },
    { operations: ['getKnowledgeBaseStats'] },
  );

  check(
    'kb.stats.follow-ingest',
    ['KB-STATS-02'],
    'documentsCount counts each document ingested, and vectorCount grows with each document chunked',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      let previous = await kb.stats(kbId);
      const steps: Array<[string, () => Promise<{ docId: string }>]> = [
        ['a vector text', () => kb.addText(kbId, { mode: 'vector' })],
        ['another vector text', () => kb.addText(kbId, { mode: 'vector' })],
        ['an uploaded TXT file', () => kb.addFile(kbId, TXT_FILE)],
      ];
      for (const [what, ingest] of steps) {
        const { docId } = await ingest();
        const listed = await kb.document(kbId, docId);
        const chunked = listed?.mode === 'vector' && Number(listed.chunksCount) > 0;
        const settled = (s: Stats) =>
          s.documentsCount === previous.documentsCount + 1 &&
          (!chunked || s.vectorCount > previous.vectorCount);
        const now = await kb.statsWhen(kbId, settled);
        expect(now.documentsCount, `documentsCount after ${what}`).toBe(previous.documentsCount + 1);
        if (chunked)
          expect(now.vectorCount, `vectorCount after ${what}`).toBeGreaterThan(previous.vectorCount);
        previous = now;
      }
    },
    { operations: ['ingestText', 'uploadFile', 'getKnowledgeBaseStats'] },
  );

  check(
    'kb.stats.model',
    [
      'KB-STATS-02',
      'KB-DOC-11',
      'KB-DOC-12',
      'KB-BASE-04',
      'KB-BASE-06',
      'STATE-03',
      'STATE-13',
      'STATE-14',
      'STATE-15',
    ],
    'any sequence of text ingests (any tier) and document deletes keeps the documents, docsCount, liveSourcesCount, documentsCount and vectorCount in step',
    async (ctx) => {
      const kb = ctx.kb();
      await expectProperty(
        // Ingests twice as likely as deletes, which only run once there is a document to delete.
        fc.asyncProperty(
          fc.commands([ingestCommand(ctx.prefix), ingestCommand(ctx.prefix), deleteCommand()], {
            maxCommands: 10,
            size: 'large',
          }),
          async (commands) => {
            const { kbId, forget } = await kb.createBase();
            try {
              await fc.asyncModelRun(
                async () => ({ model: { documents: [] }, real: { kb, kbId, vectorCount: 0 } }),
                commands,
              );
            } finally {
              // Removed at once, so the account does not fill up with one base per run.
              if (succeeded(await kb.client.call('deleteKnowledgeBase', { path: { kbId } }))) forget();
            }
          },
        ),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    {
      operations: [
        'ingestText',
        'deleteDocument',
        'listDocuments',
        'listKnowledgeBases',
        'getKnowledgeBaseStats',
        'queryKnowledgeBase',
      ],
    },
  );
});

// ------------------------------------------------------------------ the model of one base's documents

interface ModelDocument {
  docId: string;
  tier: Tier;
  chunks: number;
  /** A word only this document holds. */
  marker: string;
}

interface DocumentsModel {
  documents: ModelDocument[];
}

interface RealBase {
  kb: KnowledgeSteps;
  kbId: string;
  /** vectorCount as last read. */
  vectorCount: number;
}

/**
 * The base as the implementation shows it agrees with the model, vectorCount having moved the way
 * the last command says (stats are awaited until it has, in case the index trails); returns it.
 */
async function expectInStep(
  model: DocumentsModel,
  real: RealBase,
  vectors: 'up' | 'down' | 'any',
): Promise<number> {
  const { kb, kbId } = real;
  const listed = await kb.documents(kbId);
  expect(listed.map((d) => d.docId).sort(), 'documents listed').toEqual(
    model.documents.map((d) => d.docId).sort(),
  );
  for (const doc of model.documents)
    expect(listed.find((d) => d.docId === doc.docId)?.mode, `mode of ${doc.docId}`).toBe(doc.tier);
  // When the counts show a write is not stated: the list is asked again until they do, or the
  // index deadline passes (then the last answer is judged).
  const inline = model.documents.filter((d) => d.tier === 'inline').length;
  const base = await kb.listedBaseWhen(
    kbId,
    (b) => b?.docsCount === model.documents.length && b.liveSourcesCount === inline,
  );
  expect(base?.docsCount, 'listed docsCount').toBe(model.documents.length);
  expect(base?.liveSourcesCount, 'listed liveSourcesCount').toBe(inline);
  const moved = (count: number) =>
    vectors === 'up' ? count > real.vectorCount : vectors === 'down' ? count < real.vectorCount : true;
  const stats = await kb.statsWhen(
    kbId,
    (s) => s.documentsCount === model.documents.length && moved(s.vectorCount),
  );
  expect(stats.documentsCount, 'documentsCount').toBe(model.documents.length);
  const direction = vectors === 'up' ? 'above' : 'below';
  if (vectors !== 'any')
    expect(
      moved(stats.vectorCount),
      `vectorCount ${stats.vectorCount}, ${direction} ${real.vectorCount} after the last command`,
    ).toBe(true);
  return stats.vectorCount;
}

const MAX_DOCUMENTS = 6;
const LENGTHS = { short: 240, long: 6_000 } as const;

class IngestTextCommand implements fc.AsyncCommand<DocumentsModel, RealBase> {
  constructor(
    private readonly prefix: string,
    private readonly mode: 'vector' | 'inline' | 'auto',
    private readonly length: keyof typeof LENGTHS,
  ) {}

  check(model: Readonly<DocumentsModel>): boolean {
    return model.documents.length < MAX_DOCUMENTS;
  }

  async run(model: DocumentsModel, real: RealBase): Promise<void> {
    const marker = markerWord(this.prefix);
    const { docId, tier, exchange } = await real.kb.addText(real.kbId, {
      mode: this.mode,
      text: textOfLength(LENGTHS[this.length], marker),
    });
    const chunks = tier === 'vector' ? Number(bodyOf(exchange).chunksCreated) : 0;
    model.documents.push({ docId, tier, chunks, marker });
    real.vectorCount = await expectInStep(model, real, chunks > 0 ? 'up' : 'any');
  }

  toString(): string {
    return `ingest ${this.length} text, mode ${this.mode}`;
  }
}

class DeleteDocumentCommand implements fc.AsyncCommand<DocumentsModel, RealBase> {
  constructor(private readonly pick: number) {}

  check(model: Readonly<DocumentsModel>): boolean {
    return model.documents.length > 0;
  }

  async run(model: DocumentsModel, real: RealBase): Promise<void> {
    const index = this.pick % model.documents.length;
    const [doc] = model.documents.splice(index, 1);
    if (!doc) throw new Error('model: no document to delete');
    const exchange = await real.kb.deleteDocument(real.kbId, doc.docId);
    expectStatus(exchange, 200);
    expect(bodyOf(exchange).deleted, 'deleted in the answer').toBe(true);
    real.vectorCount = await expectInStep(model, real, doc.chunks > 0 ? 'down' : 'any');
    const { results } = await real.kb.query(real.kbId, doc.marker, 20);
    expect(
      results.filter((r) => r.docId === doc.docId),
      'query results from the deleted document',
    ).toEqual([]);
  }

  toString(): string {
    return `delete document #${this.pick}`;
  }
}

function ingestCommand(prefix: string): fc.Arbitrary<fc.AsyncCommand<DocumentsModel, RealBase>> {
  return fc
    .tuple(
      fc.constantFrom('vector' as const, 'inline' as const, 'auto' as const),
      fc.constantFrom('short' as const, 'long' as const),
    )
    .map(([mode, length]) => new IngestTextCommand(prefix, mode, length));
}

function deleteCommand(): fc.Arbitrary<fc.AsyncCommand<DocumentsModel, RealBase>> {
  return fc.nat({ max: MAX_DOCUMENTS - 1 }).map((pick) => new DeleteDocumentCommand(pick));
}
