import { expectIngestTextTier, type IngestMode, type Tier } from '../expect/ingest-tier.ts';
import { expectSchema } from '../expect/schema.ts';
import { expectStatus } from '../expect/status.ts';
import { requireField } from './setup.ts';
import { pollUntil } from '../context/poll.ts';
import type { FixtureFile } from '../generate/fixture-sentences.ts';
import { textBody } from '../generate/knowledge.ts';
import type { BodyOverrides } from '../generate/overrides.ts';
import type { Spec } from '../spec/openapi.ts';
import type { ResourceTracker } from './tracker.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { readAssistant, type CreatedAssistant } from './assistants.ts';
import { bodyOf, isObject, objectsIn, type JsonObject } from '../http/json.ts';
import type { CreatedKnowledgeBase } from './knowledge-bases.ts';
import { ResourceMaker } from './maker.ts';
import { fixtureFilePart } from './fixture-site.ts';

/**
 * The steps the knowledge-base checks are made of: creating what a check needs (the bases and
 * assistants through a ResourceMaker, as `ctx.make` does) and reading state back. Every read is
 * itself checked: the documented status and the spec's schema for the answer.
 */

export interface Stats {
  exchange: Exchange;
  documentsCount: number;
  vectorCount: number;
}

export interface QueryAnswer {
  exchange: Exchange;
  results: JsonObject[];
}

export interface CreatedBase extends CreatedKnowledgeBase {
  body: Record<string, unknown>;
}

export interface IngestedText {
  exchange: Exchange;
  docId: string;
  body: Record<string, unknown>;
  tier: Tier;
}

export interface Ingested {
  exchange: Exchange;
  docId: string;
}

function docIdOf(exchange: Exchange): string {
  return requireField(exchange.label, exchange, 'docId');
}

/** What the steps need besides the client: the spec to judge answers by, the file's tracker and prefix. */
export interface KnowledgeStepsContext {
  spec: Spec;
  tracker: ResourceTracker;
  prefix: string;
  /**
   * Stats and query answers may trail a write (src/context/patience.ts): a step expecting them to
   * reflect an ingest or a delete asks again until they do or this many ms pass.
   */
  indexMs: number;
}

export class KnowledgeSteps {
  readonly client: ApiClient;
  /** Makes the bases and assistants, with this client: the one way set-up creates. */
  private readonly maker: ResourceMaker;

  constructor(
    client: ApiClient,
    private readonly context: KnowledgeStepsContext,
  ) {
    this.client = client;
    this.maker = new ResourceMaker(client, context.tracker, context.spec, context.prefix);
  }

  // ---------------------------------------------------------------- bases

  /** PATCH auto-refresh, answered with the documented 200 and body. */
  async setAutoRefresh(kbId: string, body: Record<string, unknown>): Promise<Exchange> {
    const exchange = await this.client.call('setAutoRefresh', { path: { kbId }, body });
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    return exchange;
  }

  /** A base from a drawn create body (with the check's overrides), deleted when the file ends. */
  createBase(overrides: BodyOverrides = {}): Promise<CreatedBase> {
    return this.maker.knowledgeBase(overrides);
  }

  /** Every base of the list (200 and the schema checked). */
  async listBases(client: ApiClient = this.client): Promise<JsonObject[]> {
    const exchange = await client.call('listKnowledgeBases');
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    return objectsIn(bodyOf(exchange), 'kbs');
  }

  /** The base as the list shows it, or undefined when it is not listed. */
  async listedBase(kbId: string): Promise<JsonObject | undefined> {
    return (await this.listBases()).find((kb) => kb.kbId === kbId);
  }

  /**
   * The base as the list shows it, asked again until `done` accepts it or the index deadline passes
   * (when counts show a write is not stated); the last answer either way.
   */
  async listedBaseWhen(
    kbId: string,
    done: (base: JsonObject | undefined) => boolean,
  ): Promise<JsonObject | undefined> {
    return (await pollUntil(() => this.listedBase(kbId), done, { timeoutMs: this.context.indexMs })).answer;
  }

  // ---------------------------------------------------------------- documents

  ingestText(kbId: string, body: Record<string, unknown>): Promise<Exchange> {
    return this.client.call('ingestText', { path: { kbId }, body });
  }

  /** A drawn ingest-text body (title and prose), with the check's overrides. */
  textBody(overrides: BodyOverrides = {}): Record<string, unknown> {
    return textBody(this.context.spec, overrides);
  }

  /** Pastes a drawn text (with overrides) and checks the answer is the documented one of the tier `mode` asks for. */
  async addText(kbId: string, overrides: BodyOverrides = {}): Promise<IngestedText> {
    const body = this.textBody(overrides);
    const exchange = await this.ingestText(kbId, body);
    const tier = expectIngestTextTier(this.context.spec, exchange, body.mode as IngestMode);
    return { exchange, docId: docIdOf(exchange), body, tier };
  }

  ingestUrl(kbId: string, url: string, title?: string): Promise<Exchange> {
    return this.client.call('ingestUrl', {
      path: { kbId },
      body: title === undefined ? { url } : { url, title },
    });
  }

  async addUrl(kbId: string, url: string, title?: string): Promise<Ingested> {
    const exchange = await this.ingestUrl(kbId, url, title);
    expectStatus(exchange, 200);
    return { exchange, docId: docIdOf(exchange) };
  }

  upload(kbId: string, file: FixtureFile, title?: string): Promise<Exchange> {
    const part = fixtureFilePart(file);
    return this.client.call('uploadFile', {
      path: { kbId },
      multipart: title === undefined ? { file: part } : { file: part, title },
    });
  }

  async addFile(kbId: string, file: FixtureFile, title?: string): Promise<Ingested> {
    const exchange = await this.upload(kbId, file, title);
    expectStatus(exchange, 200);
    return { exchange, docId: docIdOf(exchange) };
  }

  /** The base's documents (200 and the schema checked). */
  async documents(kbId: string): Promise<JsonObject[]> {
    const exchange = await this.client.call('listDocuments', { path: { kbId } });
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    return objectsIn(bodyOf(exchange), 'documents');
  }

  async document(kbId: string, docId: string): Promise<JsonObject | undefined> {
    return (await this.documents(kbId)).find((doc) => doc.docId === docId);
  }

  deleteDocument(kbId: string, docId: string): Promise<Exchange> {
    return this.client.call('deleteDocument', { path: { kbId, docId } });
  }

  // ---------------------------------------------------------------- reads of the index

  async stats(kbId: string): Promise<Stats> {
    const exchange = await this.client.call('getKnowledgeBaseStats', { path: { kbId } });
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    const body = bodyOf(exchange);
    return { exchange, documentsCount: Number(body.documentsCount), vectorCount: Number(body.vectorCount) };
  }

  /** Stats, asked again until `done` accepts them or the index deadline passes; the last answer either way. */
  async statsWhen(kbId: string, done: (stats: Stats) => boolean): Promise<Stats> {
    return (await pollUntil(() => this.stats(kbId), done, { timeoutMs: this.context.indexMs })).answer;
  }

  async query(kbId: string, query: string, topK?: number): Promise<QueryAnswer> {
    const exchange = await this.client.call('queryKnowledgeBase', {
      path: { kbId },
      body: topK === undefined ? { query } : { query, topK },
    });
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    return { exchange, results: objectsIn(bodyOf(exchange), 'results') };
  }

  /** A query, asked again until `done` accepts the answer or the index deadline passes; the last answer either way. */
  async queryWhen(
    kbId: string,
    query: string,
    done: (answer: QueryAnswer) => boolean,
    topK?: number,
  ): Promise<QueryAnswer> {
    return (await pollUntil(() => this.query(kbId, query, topK), done, { timeoutMs: this.context.indexMs }))
      .answer;
  }

  // ---------------------------------------------------------------- assistants and attachments

  /** An assistant from a drawn create body, its voice from the target's catalog; deleted when the file ends. */
  createAssistant(): Promise<CreatedAssistant> {
    return this.maker.assistant({ os: ['nt'] });
  }

  attach(kbId: string, personaId: string, body?: Record<string, unknown>): Promise<Exchange> {
    return this.client.call('attachKnowledgeBase', { path: { kbId, personaId }, body: body ?? {} });
  }

  updateAttachment(kbId: string, personaId: string, body: Record<string, unknown>): Promise<Exchange> {
    return this.client.call('updateAttachment', { path: { kbId, personaId }, body });
  }

  detach(kbId: string, personaId: string): Promise<Exchange> {
    return this.client.call('detachKnowledgeBase', { path: { kbId, personaId } });
  }

  /** The bases of an assistant (200 and the schema checked). */
  async personaBases(personaId: string): Promise<JsonObject[]> {
    const exchange = await this.client.call('listPersonaKnowledgeBases', { path: { personaId } });
    expectStatus(exchange, 200);
    expectSchema(this.context.spec, exchange);
    return objectsIn(bodyOf(exchange), 'kbs');
  }

  /** `attached_kbs` of the assistant as get returns it. */
  async attachedKbs(personaId: string): Promise<JsonObject[]> {
    const data = await readAssistant(this.client, personaId);
    return Array.isArray(data.attached_kbs) ? data.attached_kbs.filter(isObject) : [];
  }
}

/** `{kbId, enabled, grounding_mode}` of each entry, sorted by kbId, for comparing attachments. */
export function attachmentsOf(
  entries: readonly JsonObject[],
): Array<{ kbId: unknown; enabled: unknown; grounding_mode: unknown }> {
  return entries
    .map((entry) => ({ kbId: entry.kbId, enabled: entry.enabled, grounding_mode: entry.grounding_mode }))
    .sort((a, b) => String(a.kbId).localeCompare(String(b.kbId)));
}

/** The `autoRefresh` object of an answer or a listed base (empty when absent). */
export function autoRefreshOf(value: unknown): JsonObject {
  return isObject(value) && isObject(value.autoRefresh) ? value.autoRefresh : {};
}
