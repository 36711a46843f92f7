import { expect } from 'vitest';
import { DEFAULT_INTERVAL_DAYS, expectIntervalDays } from '../../expect/auto-refresh-interval.ts';
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { pollUntil } from '../../context/poll.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf, objectsIn, type JsonObject } from '../../http/json.ts';
import { attachmentsOf, autoRefreshOf, type QueryAnswer } from '../../resources/knowledge-steps.ts';
import { TOP_K_MAX, type AccountModel } from '../model.ts';
import type { World } from '../world.ts';

/**
 * Every knowledge view of the account, compared with the model's projection of the history so
 * far: the list of bases, each assistant's bases, each base's documents, stats and query answers
 * (attached_kbs on an assistant's get and list items: the assistants' views). Only what the document states is judged:
 * - the list of bases holds each live base once, with its name and description as created,
 *   docsCount (its live documents) and liveSourcesCount (its inline ones), and the auto-refresh
 *   schedule PATCH auto-refresh last set, whatever other writes came since; no deleted base;
 * - GET /kb/persona/{personaId} holds exactly the attached bases, with enabled and grounding_mode as
 *   last set, and each base's name, description and docsCount;
 * - the documents of a base are its live documents, each once, under its title, in its tier;
 * - stats count its live documents; vectorCount is 0 without a live document and above 0 with a
 *   chunked one (its value beyond that is not stated);
 * - a query made of a live vector document's own sentence finds it, and no query ever returns a
 *   chunk of a deleted document or of a document the base does not hold.
 * When a count or the index reflects a write is not stated: those reads are asked again until they
 * agree or the world's patience runs out (then none is left for later reads), and judged then.
 */
export async function checkKnowledgeViews(model: AccountModel, world: World): Promise<void> {
  await expectBasesListed(model, world);
  for (const a of model.live('assistants')) await expectBasesOfAssistantView(model, world, a);
  for (const b of model.live('bases')) {
    await expectDocumentsListed(model, world, b);
    await expectStatsSettled(model, world, b);
    await expectQueriesServe(model, world, b);
  }
}

/**
 * `ask`, asked again until `done` accepts the answer or the world's patience (times `factor`: a
 * page's fetch gets twice an index's) runs out; then none is left for later reads.
 */
export async function settled<T>(
  world: World,
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  factor = 1,
): Promise<T> {
  const { answer, satisfied } = await pollUntil(ask, done, { timeoutMs: factor * world.patience.timeoutMs });
  if (!satisfied) world.patience.timeoutMs = 0;
  return answer;
}

interface Listed {
  exchange: Exchange;
  items: JsonObject[];
}

/** GET /kb: 200 and the schema, the bases listed. */
export async function listBases(world: World): Promise<Listed> {
  const exchange = await world.client.call('listKnowledgeBases');
  expectStatus(exchange, 200);
  expectSchema(world.spec, exchange);
  return { exchange, items: objectsIn(bodyOf(exchange), 'kbs') };
}

const times = (items: readonly JsonObject[], key: string, value: string) =>
  items.filter((item) => item[key] === value).length;

/** The list of bases: every live base once, as the model holds it; no deleted base. */
export async function expectBasesListed(model: AccountModel, world: World): Promise<void> {
  const live = model.live('bases').map((b) => ({ b, kbId: world.kbId(b), counts: model.counts(b) }));
  const deleted = [...world.deletedBases];
  const { exchange, items } = await settled(
    world,
    () => listBases(world),
    ({ items: kbs }) =>
      live.every(({ kbId, counts }) => {
        const base = kbs.find((kb) => kb.kbId === kbId);
        return base?.docsCount === counts.documents && base.liveSourcesCount === counts.inline;
      }) && deleted.every(([, kbId]) => times(kbs, 'kbId', kbId) === 0),
  );
  world.last = exchange;
  for (const [b, kbId] of deleted)
    expect(times(items, 'kbId', kbId), `deleted base #${b} in the list of bases`).toBe(0);
  for (const { b, kbId, counts } of live) {
    expect(times(items, 'kbId', kbId), `times base #${b} is in the list of bases`).toBe(1);
    const listed = items.find((kb) => kb.kbId === kbId);
    const base = model.base(b);
    if (base.name !== undefined) {
      expect(listed?.name, `name of base #${b} in the list of bases`).toBe(base.name);
      expect(listed?.description, `description of base #${b} in the list of bases`).toBe(base.description);
    }
    expect(
      listed?.docsCount,
      `docsCount of base #${b} in the list of bases (${counts.documents} live document(s))`,
    ).toBe(counts.documents);
    expect(
      listed?.liveSourcesCount,
      `liveSourcesCount of base #${b} in the list of bases (${counts.inline} live inline document(s))`,
    ).toBe(counts.inline);
    expectScheduleShown(model, b, listed, exchange);
  }
}

/**
 * The auto-refresh schedule of base `b` as a listed base shows it: the enabled PATCH auto-refresh
 * last set (nothing else sets it), with the intervalDays sent where the document states it; a base
 * never given a schedule that shows it disabled shows the default intervalDays 3 (LIM-15).
 */
export function expectScheduleShown(
  model: AccountModel,
  b: number,
  listed: JsonObject | undefined,
  exchange: Exchange | undefined,
): void {
  const shown = autoRefreshOf(listed);
  const schedule = model.schedule(b);
  if (schedule === undefined) {
    // What a new base shows is not stated; disabled, it shows the default interval.
    if (shown.enabled === false)
      expectIntervalDays(exchange, shown.intervalDays, DEFAULT_INTERVAL_DAYS, `the list (base #${b})`);
    return;
  }
  if (shown.enabled !== schedule.enabled)
    throw new ConformanceFailure(
      `Received: autoRefresh.enabled ${JSON.stringify(shown.enabled)} for base #${b} / Documented: ${schedule.enabled}, as PATCH auto-refresh last set it (the one write that sets it)`,
      exchange,
    );
  expectIntervalDays(exchange, shown.intervalDays, schedule.intervalDays, `the list (base #${b})`);
  model.scheduleKept(b);
}

/**
 * GET /kb/persona/{personaId}: exactly the assistant's attachments, with enabled and grounding_mode
 * as last set, each base's name, description and docsCount as the list of bases must show them.
 */
export async function expectBasesOfAssistantView(
  model: AccountModel,
  world: World,
  a: number,
): Promise<void> {
  const personaId = world.assistantId(a);
  const attached = [...model.assistant(a).attachments].map(([b, attachment]) => ({
    b,
    kbId: world.kbId(b),
    ...attachment,
  }));
  const read = async (): Promise<Listed> => {
    const exchange = await world.client.call('listPersonaKnowledgeBases', { path: { personaId } });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    return { exchange, items: objectsIn(bodyOf(exchange), 'kbs') };
  };
  const { exchange, items } = await settled(world, read, ({ items: kbs }) =>
    attached.every(
      ({ b, kbId }) => kbs.find((kb) => kb.kbId === kbId)?.docsCount === model.counts(b).documents,
    ),
  );
  world.last = exchange;
  expect(attachmentsOf(items), `the bases of assistant #${a}`).toEqual(
    attachmentsOf(attached.map(({ kbId, enabled, grounding_mode }) => ({ kbId, enabled, grounding_mode }))),
  );
  for (const { b, kbId } of attached) {
    const entry = items.find((kb) => kb.kbId === kbId);
    const base = model.base(b);
    const among = `base #${b} among the bases of assistant #${a}`;
    if (base.name !== undefined) {
      expect(entry?.name, `name of ${among}`).toBe(base.name);
      expect(entry?.description, `description of ${among}`).toBe(base.description);
    }
    const documents = model.counts(b).documents;
    expect(entry?.docsCount, `docsCount of ${among} (${documents} live document(s))`).toBe(documents);
  }
}

/** The documents of base `b`: each live document once, under its title, in its tier; no other. */
async function expectDocumentsListed(model: AccountModel, world: World, b: number): Promise<void> {
  const kbId = world.kbId(b);
  const exchange = await world.client.call('listDocuments', { path: { kbId } });
  expectStatus(exchange, 200);
  expectSchema(world.spec, exchange);
  const listed = objectsIn(bodyOf(exchange), 'documents');
  world.followRecrawled(model, b, listed);
  const docs = model.base(b).documents;
  expect(listed.map((doc) => String(doc.docId)).sort(), `documents of base #${b}`).toEqual(
    [...docs.keys()].map((d) => world.docId(d)).sort(),
  );
  for (const [d, doc] of docs) {
    const item = listed.find((l) => l.docId === world.docId(d));
    expect(item?.mode, `mode of doc #${d}`).toBe(doc.tier);
    if (doc.title !== undefined) expect(item?.title, `title of doc #${d}`).toBe(doc.title);
  }
}

/**
 * Stats of base `b`: documentsCount its live documents; vectorCount 0 when it holds none (their
 * vectors dropped with them), above 0 while a chunked one lives.
 */
export async function expectStatsSettled(model: AccountModel, world: World, b: number): Promise<void> {
  const counts = model.counts(b);
  const vectors = (count: number) =>
    counts.documents === 0 ? count === 0 : counts.chunked === 0 || count > 0;
  const stats = await settled(
    world,
    () => world.kb.stats(world.kbId(b)),
    (s) => s.documentsCount === counts.documents && vectors(s.vectorCount),
  );
  world.last = stats.exchange;
  expect(stats.documentsCount, `documentsCount of base #${b}`).toBe(counts.documents);
  if (counts.documents === 0)
    expect(stats.vectorCount, `vectorCount of base #${b}, holding no live document`).toBe(0);
  else if (counts.chunked > 0)
    expect(
      stats.vectorCount,
      `vectorCount of base #${b}, holding ${counts.chunked} chunked document(s)`,
    ).toBeGreaterThan(0);
  world.vectorCounts.set(b, stats.vectorCount);
}

/**
 * Every result of a query on base `b` comes from one of its live documents: never from a deleted
 * one (STATE-15), nor from a document it does not hold. A result from a docId the sequence does not
 * know may be a re-crawled document under its new id: the base's documents are read, and followed
 * (World.followRecrawled), before it is judged.
 */
export async function expectResultsFromLiveDocuments(
  model: AccountModel,
  world: World,
  b: number,
  answer: QueryAnswer,
  asked: string,
): Promise<void> {
  const known = new Set(world.documents.values());
  if (answer.results.some((result) => !known.has(String(result.docId))))
    world.followRecrawled(model, b, await world.kb.documents(world.kbId(b)));
  world.last = answer.exchange;
  const live = new Set([...model.base(b).documents.keys()].map((d) => world.docId(d)));
  const deleted = new Map([...model.deletedDocuments.keys()].map((d) => [world.docId(d), d]));
  for (const result of answer.results) {
    const docId = String(result.docId);
    const gone = deleted.get(docId);
    expect(
      gone,
      `a result from deleted doc #${gone ?? ''}, querying base #${b} for ${asked}`,
    ).toBeUndefined();
    expect(
      live.has(docId),
      `docId ${docId} of a result for ${asked}, one of base #${b}'s live documents`,
    ).toBe(true);
  }
}

/**
 * Queries of base `b`: each live vector document with chunks is found by its own sentence (or, for
 * a search matching words rather than sentences, by its own word), and the sentences of its deleted
 * documents return none of their chunks; every result is one of its live documents'.
 */
async function expectQueriesServe(model: AccountModel, world: World, b: number): Promise<void> {
  const kbId = world.kbId(b);
  for (const [d, doc] of model.base(b).documents) {
    if (doc.tier !== 'vector' || doc.chunks === 0 || doc.sentence === undefined) continue;
    // Its id as last known: a re-crawl may give it a new one (World.followRecrawled).
    const found = (answer: QueryAnswer) => answer.results.some((result) => result.docId === world.docId(d));
    const sentence = doc.sentence;
    let answer = await settled(world, () => world.kb.query(kbId, sentence, TOP_K_MAX), found);
    await expectResultsFromLiveDocuments(model, world, b, answer, `the sentence of doc #${d}`);
    if (found(answer)) continue;
    answer = await world.kb.query(kbId, doc.marker, TOP_K_MAX);
    await expectResultsFromLiveDocuments(model, world, b, answer, `the word of doc #${d}`);
    if (!found(answer))
      throw new ConformanceFailure(
        `Received: no result from doc #${d} of base #${b} (vector tier, ${doc.chunks} chunk(s)) for a query made of its own sentence, nor for its own word, topK ${TOP_K_MAX} / Documented: a base's documents are chunked and embedded and retrieved by query; only a deleted document's chunks are filtered out`,
        answer.exchange,
      );
  }
  for (const [d, doc] of model.deletedIn(b)) {
    const answer = await world.kb.query(kbId, doc.sentence ?? doc.marker, TOP_K_MAX);
    await expectResultsFromLiveDocuments(model, world, b, answer, `the sentence of deleted doc #${d}`);
  }
  model.queried(b);
}
