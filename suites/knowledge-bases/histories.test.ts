import { describe, expect } from 'vitest';
import { expectDocumentReturned, TOP_K_MAX } from '../../src/expect/query-count.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { pollUntil } from '../../src/context/poll.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf, type JsonObject } from '../../src/http/json.ts';
import { pageUrl } from '../../src/resources/fixture-site.ts';
import { trackKnowledgeBase } from '../../src/resources/knowledge-bases.ts';
import { attachmentsOf, autoRefreshOf, type KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';
import { ARTICLE } from '../../src/target/fixture-pages.ts';
import { addMarkedText } from './marked-text.ts';

/**
 * Histories of one base: after each write of a sequence mixing every kind of write, every view of
 * the base says the same thing as the model of it. Counts may trail a write (when they reflect it
 * is not stated), so the views are asked again within the index patience before the verdict.
 */

interface ModelDocument {
  docId: string;
  title: string;
  /** The tier: as asked (vector, inline) or as the answer or the list first showed it. */
  tier: string | undefined;
  /** Chunks that may answer a query: chunksCreated of a vector document, 1 for an inline one. */
  chunks: number;
  /** A sentence held verbatim by the document, and the word only it holds (pasted text only). */
  sentence?: string;
  marker?: string;
  /** Ingested from a URL: re-crawled by refresh-now, which may give it a new docId (see followRecrawled). */
  url?: boolean;
}

interface BaseModel {
  kbId: string;
  documents: ModelDocument[];
  /** Deleted documents whose own words no query may return any more. */
  deleted: Array<{ docId: string; sentence: string; marker: string }>;
  /** The schedule as last set; undefined while never set. */
  schedule: { enabled: boolean; intervalDays: number } | undefined;
  /** Assistants the base is attached to, whose bases show its docsCount. */
  personas: string[];
  /** A re-crawl listed a URL document under a new docId (followRecrawled). */
  recrawlReplaced?: boolean;
}

interface Views {
  listed: JsonObject | undefined;
  documents: JsonObject[];
  documentsCount: number;
  persona: Array<JsonObject | undefined>;
}

async function readViews(kb: KnowledgeSteps, model: BaseModel): Promise<Views> {
  const persona: Array<JsonObject | undefined> = [];
  for (const personaId of model.personas)
    persona.push((await kb.personaBases(personaId)).find((b) => b.kbId === model.kbId));
  return {
    listed: await kb.listedBase(model.kbId),
    documents: await kb.documents(model.kbId),
    documentsCount: (await kb.stats(model.kbId)).documentsCount,
    persona,
  };
}

function sortedIds(docs: ReadonlyArray<{ docId?: unknown }>): string[] {
  return docs.map((d) => String(d.docId)).sort();
}

/**
 * refresh-now "re-fetches every URL-sourced document"; whether the re-fetched document keeps its
 * docId is not stated, and a server may store the re-crawl as a new document in place of the old.
 * A URL document no longer listed is followed to the one document the base lists under its title
 * that the model does not know (with none, or several, the views judge it missing). Each read is
 * followed, since a re-crawl is queued and may land at any later step; the reading seen is
 * recorded when the history ends.
 */
function followRecrawled(views: Views, model: BaseModel): void {
  const listed = new Set(views.documents.map((d) => String(d.docId)));
  const known = new Set([...model.documents, ...model.deleted].map((d) => d.docId));
  for (const doc of model.documents.filter((d) => d.url === true)) {
    if (listed.has(doc.docId)) continue;
    const successors = views.documents.filter((d) => !known.has(String(d.docId)) && d.title === doc.title);
    if (successors.length !== 1) continue;
    doc.docId = String(successors[0]!.docId);
    model.recrawlReplaced = true;
  }
}

function inStep(views: Views, model: BaseModel): boolean {
  followRecrawled(views, model);
  const count = model.documents.length;
  const schedule = autoRefreshOf(views.listed);
  return (
    views.listed?.docsCount === count &&
    views.documentsCount === count &&
    JSON.stringify(sortedIds(views.documents)) === JSON.stringify(sortedIds(model.documents)) &&
    views.persona.every((b) => b?.docsCount === count) &&
    (model.schedule === undefined ||
      (schedule.enabled === model.schedule.enabled && schedule.intervalDays === model.schedule.intervalDays))
  );
}

/** Every view of the base agrees with the model, after `write`. */
async function expectViews(ctx: CheckContext, kb: KnowledgeSteps, model: BaseModel, write: string) {
  const { answer: views } = await pollUntil(
    () => readViews(kb, model),
    (v) => inStep(v, model),
    { timeoutMs: ctx.patience.indexMs },
  );
  const after = `after ${write}`;
  expect(sortedIds(views.documents), `documents listed ${after}`).toEqual(sortedIds(model.documents));
  for (const doc of model.documents) {
    const listed = views.documents.find((d) => d.docId === doc.docId);
    expect(listed?.title, `title of document ${doc.docId} ${after}`).toBe(doc.title);
    doc.tier ??= typeof listed?.mode === 'string' ? listed.mode : undefined;
    if (doc.tier !== undefined) expect(listed?.mode, `mode of document ${doc.docId} ${after}`).toBe(doc.tier);
  }
  const count = model.documents.length;
  expect(views.listed?.docsCount, `listed docsCount ${after}`).toBe(count);
  expect(views.listed?.liveSourcesCount, `listed liveSourcesCount ${after}`).toBe(
    model.documents.filter((d) => d.tier === 'inline').length,
  );
  expect(views.documentsCount, `stats documentsCount ${after}`).toBe(count);
  model.personas.forEach((personaId, n) => {
    expect(views.persona[n]?.docsCount, `docsCount in the bases of assistant ${personaId} ${after}`).toBe(
      count,
    );
  });
  if (model.schedule !== undefined) {
    const schedule = autoRefreshOf(views.listed);
    expect(
      { enabled: schedule.enabled, intervalDays: schedule.intervalDays },
      `the listed auto-refresh schedule ${after}`,
    ).toEqual(model.schedule);
  }
  await expectRetrieval(kb, model, after);
}

/** Every live pasted vector document is found by its own sentence; no deleted document's words ever come back. */
async function expectRetrieval(kb: KnowledgeSteps, model: BaseModel, after: string) {
  const baseChunks = model.documents.reduce((sum, d) => sum + d.chunks, 0);
  for (const doc of model.documents) {
    if (doc.tier !== 'vector' || doc.sentence === undefined || baseChunks > TOP_K_MAX) continue;
    const found = await kb.queryWhen(
      model.kbId,
      doc.sentence,
      (a) => a.results.some((r) => r.docId === doc.docId),
      TOP_K_MAX,
    );
    expectDocumentReturned(
      found.exchange,
      found.results.map((r) => r.docId),
      doc.docId,
      { topK: TOP_K_MAX, baseChunks },
    );
  }
  for (const gone of model.deleted) {
    for (const query of [gone.sentence, gone.marker]) {
      const { results } = await kb.query(model.kbId, query, TOP_K_MAX);
      expect(
        results.filter((r) => r.docId === gone.docId || String(r.text).includes(gone.marker)),
        `results from deleted document ${gone.docId}, for "${query}", ${after}`,
      ).toEqual([]);
    }
  }
}

/** Pastes a two-sentence text whose first sentence carries a marker of its own; adds it to the model. */
async function paste(
  ctx: CheckContext,
  kb: KnowledgeSteps,
  model: BaseModel,
  mode: 'vector' | 'inline',
  title?: string,
): Promise<ModelDocument> {
  const added = await addMarkedText(kb, model.kbId, ctx.prefix, {
    mode,
    ...(title === undefined ? {} : { title }),
  });
  const { marker, sentence } = added;
  const chunks = added.tier === 'vector' ? Number(bodyOf(added.exchange).chunksCreated) : 1;
  const doc = {
    docId: added.docId,
    title: String(added.body.title),
    tier: added.tier,
    chunks,
    sentence,
    marker,
  };
  model.documents.push(doc);
  return doc;
}

/** A URL or file document's entry in the model: its tier and chunks as the answer gives them. */
function ingested(exchange: Exchange, docId: string, title: string): ModelDocument {
  const answer = bodyOf(exchange);
  const tier = typeof answer.mode === 'string' ? answer.mode : undefined;
  const chunks =
    typeof answer.chunksCreated === 'number' && answer.chunksCreated > 0 ? answer.chunksCreated : 1;
  return { docId, title, tier, chunks };
}

async function deleteDocument(kb: KnowledgeSteps, model: BaseModel, doc: ModelDocument): Promise<void> {
  expectStatus(await kb.deleteDocument(model.kbId, doc.docId), 200);
  model.documents = model.documents.filter((d) => d.docId !== doc.docId);
  if (doc.sentence !== undefined && doc.marker !== undefined)
    model.deleted.push({ docId: doc.docId, sentence: doc.sentence, marker: doc.marker });
}

/**
 * A base of the given name, tracked for cleanup; undefined (and the answer recorded) when the name
 * is refused: whether names are unique is not stated.
 */
async function createNamed(ctx: CheckContext, kb: KnowledgeSteps, name: string, what: string) {
  const exchange = await kb.client.call('createKnowledgeBase', { body: { name } });
  const kbId = bodyOf(exchange).kbId;
  if (exchange.response?.status !== 201 || typeof kbId !== 'string') {
    ctx.observe('ERR-26', `${what}: ${stableErrorSummary(exchange, ctx.prefix)}`);
    return undefined;
  }
  return { kbId, forget: trackKnowledgeBase(ctx.tracker, kb.client, kbId) };
}

describe('histories of a knowledge base — every view after every write', () => {
  check(
    'kb.history.every-view-after-every-write',
    [
      'KB-BASE-04',
      'KB-BASE-06',
      'KB-STATS-02',
      'KB-DOC-11',
      'KB-DOC-02',
      'KB-DOC-07',
      'KB-ASSISTANT-07',
      'STATE-03',
      'STATE-05',
      'STATE-13',
      'STATE-15',
    ],
    "attach, schedule, ingest text (both tiers), a URL and a file, refresh-now, deletes and a reused title: after each, the bases list, stats, documents, the assistant's bases, the schedule and query all agree with the history",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const model: BaseModel = { kbId, documents: [], deleted: [], schedule: undefined, personas: [] };
      await expectViews(ctx, kb, model, 'the create');

      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      await kb.setAutoRefresh(kbId, { enabled: true, intervalDays: 4 });
      model.schedule = { enabled: true, intervalDays: 4 };
      await expectViews(ctx, kb, model, 'the schedule set');

      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      model.personas.push(customPersonaId);
      await expectViews(ctx, kb, model, 'the attach');

      const first = await paste(ctx, kb, model, 'vector');
      await expectViews(ctx, kb, model, 'a vector text');
      const inline = await paste(ctx, kb, model, 'inline');
      await expectViews(ctx, kb, model, 'an inline text');

      const page = await kb.addUrl(kbId, pageUrl(ctx.target, ARTICLE.path), ARTICLE.title);
      model.documents.push({ ...ingested(page.exchange, page.docId, ARTICLE.title), url: true });
      await expectViews(ctx, kb, model, 'a URL');

      const file = await kb.addFile(kbId, TXT_FILE);
      model.documents.push(ingested(file.exchange, file.docId, TXT_FILE.name));
      await expectViews(ctx, kb, model, 'an upload');

      expectStatus(await kb.client.call('refreshNow', { path: { kbId } }), 200);
      await expectViews(ctx, kb, model, 'refresh-now');

      const later = await paste(ctx, kb, model, 'vector');
      await expectViews(ctx, kb, model, 'another vector text');

      // The first document goes: the ones ingested after it keep their chunks.
      await deleteDocument(kb, model, first);
      await expectViews(ctx, kb, model, 'the delete of the first document');

      // Its title is reused by a new document, which answers with its own words only.
      await paste(ctx, kb, model, 'vector', first.title);
      await expectViews(ctx, kb, model, "a new document under the deleted one's title");

      await deleteDocument(kb, model, inline);
      await expectViews(ctx, kb, model, 'the delete of the inline text');

      // Two documents of one title: deleting one leaves the other.
      await paste(ctx, kb, model, 'vector', later.title);
      await expectViews(ctx, kb, model, 'a second document under one title');
      await deleteDocument(kb, model, later);
      await expectViews(ctx, kb, model, 'the delete of one of two documents of one title');

      expectStatus(await kb.detach(kbId, customPersonaId), 200);
      model.personas = [];
      await expectViews(ctx, kb, model, 'the detach');
      ctx.observe(
        'STATE-06',
        model.recrawlReplaced === true
          ? 'a re-crawl lists the URL document under a new docId'
          : 'a re-crawled URL document keeps its docId',
      );
    },
    {
      operations: [
        'ingestText',
        'ingestUrl',
        'uploadFile',
        'deleteDocument',
        'refreshNow',
        'setAutoRefresh',
        'attachKnowledgeBase',
        'detachKnowledgeBase',
        'listKnowledgeBases',
        'listDocuments',
        'getKnowledgeBaseStats',
        'listPersonaKnowledgeBases',
        'queryKnowledgeBase',
      ],
    },
  );

  check(
    'kb.history.same-name-bases',
    ['KB-BASE-04', 'KB-STATS-02', 'KB-DOC-11', 'KB-ATTACH-14', 'STATE-15', 'ERR-26'],
    'bases sharing a name are apart: a document of one counts and lists in it only, and a base created under the name of a deleted one starts empty (its documents are gone, and no query finds them)',
    async (ctx) => {
      const kb = ctx.kb();
      const name = `${ctx.prefix} twin ${markerWord(ctx.prefix)}`;
      const first = await kb.createBase({ name });
      const second = await createNamed(ctx, kb, name, 'a second base of the same name');
      if (!second) return;
      const one: BaseModel = {
        kbId: first.kbId,
        documents: [],
        deleted: [],
        schedule: undefined,
        personas: [],
      };
      const other: BaseModel = { ...one, kbId: second.kbId, documents: [], deleted: [] };
      await expectViews(ctx, kb, one, 'the create of two bases of one name');
      await expectViews(ctx, kb, other, 'the create of two bases of one name');
      const doc = await paste(ctx, kb, one, 'vector');
      await expectViews(ctx, kb, one, 'a text in the first of two bases of one name');
      await expectViews(ctx, kb, other, 'a text in the other base of its name');

      const deleted = await kb.client.call('deleteKnowledgeBase', { path: { kbId: first.kbId } });
      expectStatus(deleted, 200);
      first.forget();
      expect(await kb.listedBase(first.kbId), 'the deleted base in the list').toBeUndefined();

      const reused = await createNamed(ctx, kb, name, 'a base under the name of a deleted one');
      if (!reused) return;
      const fresh: BaseModel = {
        kbId: reused.kbId,
        documents: [],
        // The deleted base's document, by its words: none may come back in the new base.
        deleted: [{ docId: doc.docId, sentence: String(doc.sentence), marker: String(doc.marker) }],
        schedule: undefined,
        personas: [],
      };
      await expectViews(ctx, kb, fresh, 'a base created under the name of a deleted one');
      await expectViews(ctx, kb, other, 'the delete of a base of its name');
    },
    {
      operations: [
        'createKnowledgeBase',
        'deleteKnowledgeBase',
        'ingestText',
        'listKnowledgeBases',
        'listDocuments',
        'getKnowledgeBaseStats',
        'queryKnowledgeBase',
      ],
    },
  );
});

type Attached = Record<string, { enabled: boolean; grounding_mode: string }>;

/** Both views of each assistant's bases (its bases route and get's attached_kbs) are the model's, after `write`. */
async function expectAttached(kb: KnowledgeSteps, model: Record<string, Attached>, write: string) {
  for (const [personaId, attached] of Object.entries(model)) {
    const expected = attachmentsOf(Object.entries(attached).map(([kbId, a]) => ({ kbId, ...a })));
    expect(
      attachmentsOf(await kb.personaBases(personaId)),
      `the bases of assistant ${personaId} after ${write}`,
    ).toEqual(expected);
    expect(
      attachmentsOf(await kb.attachedKbs(personaId)),
      `attached_kbs of assistant ${personaId} after ${write}`,
    ).toEqual(expected);
  }
}

describe('histories of attachments — both views of two assistants after every write', () => {
  check(
    'kb.history.attachments-of-two-assistants',
    ['KB-ATTACH-01', 'KB-ATTACH-05', 'KB-ATTACH-07', 'KB-ATTACH-09', 'KB-ATTACH-13', 'STATE-02'],
    "attach, update, attach again, detach and delete a base around two assistants sharing a base: after each, both assistants' bases and attached_kbs hold exactly what the writes left, each write touching only the attachment it names",
    async (ctx) => {
      const kb = ctx.kb();
      const one = (await ctx.make().assistant({ os: ['nt'] })).customPersonaId;
      const two = (await ctx.make().assistant({ os: ['nt'] })).customPersonaId;
      const shared = (await kb.createBase()).kbId;
      const ownBase = await kb.createBase();
      const own = ownBase.kbId;
      const later = (await kb.createBase()).kbId;
      const defaults = { enabled: true, grounding_mode: 'supplemental' };
      const model: Record<string, Attached> = { [one]: {}, [two]: {} };
      await expectAttached(kb, model, 'nothing');

      for (const [kbId, personaId] of [
        [shared, one],
        [own, one],
        [shared, two],
      ] as const) {
        expectStatus(await kb.attach(kbId, personaId), 200);
        (model[personaId] as Attached)[kbId] = { ...defaults };
        await expectAttached(kb, model, `attaching ${kbId} to ${personaId}`);
      }

      expectStatus(await kb.updateAttachment(shared, one, { grounding_mode: 'strict', enabled: false }), 200);
      (model[one] as Attached)[shared] = { enabled: false, grounding_mode: 'strict' };
      await expectAttached(kb, model, 'updating the shared base of the first assistant');

      expectStatus(await kb.attach(own, one, { grounding_mode: 'strict', enabled: false }), 200);
      (model[one] as Attached)[own] = { enabled: false, grounding_mode: 'strict' };
      await expectAttached(kb, model, "attaching the first assistant's own base again");

      expectStatus(await kb.detach(shared, one), 200);
      delete (model[one] as Attached)[shared];
      await expectAttached(kb, model, 'detaching the shared base from the first assistant');

      expectStatus(await kb.attach(later, one), 200);
      (model[one] as Attached)[later] = { ...defaults };
      await expectAttached(kb, model, 'attaching a third base to the first assistant');

      const deleted = await kb.client.call('deleteKnowledgeBase', { path: { kbId: own } });
      expectStatus(deleted, 200);
      ownBase.forget();
      delete (model[one] as Attached)[own];
      await expectAttached(kb, model, "deleting the first assistant's own base");
    },
    {
      operations: [
        'attachKnowledgeBase',
        'updateAttachment',
        'detachKnowledgeBase',
        'deleteKnowledgeBase',
        'listPersonaKnowledgeBases',
        'getPersona',
      ],
    },
  );
});
