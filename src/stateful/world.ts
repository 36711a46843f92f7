import { expect } from 'vitest';
import type { CheckContext } from '../harness/check.ts';
import { pollUntil } from '../context/poll.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { JsonObject } from '../http/json.ts';
import { uniqueWord } from '../generate/identity.ts';
import { accessiblePluginIds, readAssistant } from '../resources/assistants.ts';
import type { AccountResources } from '../resources/account.ts';
import { ASSISTANT } from '../resources/kinds/assistant.ts';
import { createOne, removeOne } from '../resources/kinds/create.ts';
import { KNOWLEDGE_BASE } from '../resources/kinds/knowledge-base.ts';
import { PLUGIN } from '../resources/kinds/plugin.ts';
import type { TrackedKind } from '../resources/kinds/kind.ts';
import { attachmentsOf, type KnowledgeSteps } from '../resources/knowledge-steps.ts';
import type { ResourceTracker } from '../resources/tracker.ts';
import type { Spec } from '../spec/openapi.ts';
import type { AccountModel } from './model.ts';

/** The keys a scoped write is refused to: view on the module, lower than the write needs. */
export type ViewerRole = 'assistants:view' | 'knowledgeBase:view';

/**
 * How long a step waits for stats to reflect a write (an index may trail it): the document's
 * deadline at first, nothing once a wait ran out. One per check, shared by its sequences, so that
 * shrinking a failure does not wait the deadline out again at every attempt.
 */
export interface Patience {
  timeoutMs: number;
}

/** Account B as a transfer target: its owner's email and a client holding its `other` key. */
export interface TransferTarget {
  email: string;
  client: ApiClient;
}

/**
 * Records what an implementation did in a situation the draw reached, where the document leaves a
 * point open (ctx.observe with its situation): the behaviour without counts, so two runs that
 * reached the same situation agree.
 */
type Observe = (requirement: string, situation: string, behaviour: string) => void;

/** Records what a sequence could not judge, because the collection moved or a cap was hit (ctx.cover). */
type Cover = (requirement: string, value: string) => void;

/** One resource created by the run: its id on the implementation and how to stop tracking it. */
interface Created<Id> {
  id: Id;
  forget: () => void;
  /** How the world's cleanup deletes it where A's key alone may not (one sent to account B). */
  remove?: () => Promise<void>;
}

/**
 * The real side of a sequence: the implementation's ids of what the run created (by the model's
 * numbers), the clients, the steps taken so far, and the last exchange sent (the one a failure is
 * reported with). One per sequence.
 */
export class World {
  readonly assistants = new Map<number, Created<string>>();
  readonly plugins = new Map<number, Created<{ title: string; objectId: string }>>();
  readonly bases = new Map<number, Created<string>>();
  readonly documents = new Map<number, string>();
  /** customPersonaIds of the assistants the sequence deleted (by number): never to be listed again. */
  readonly deletedAssistants = new Map<number, string>();
  /** The plugins the sequence deleted (by number): in no catalog afterwards. */
  readonly deletedPlugins = new Map<number, { title: string; objectId: string }>();
  /**
   * Assistants handed to B whose name A's update may have changed while the transfer took effect
   * (an update without keepAccess answered 200): B's get is not held to a name.
   */
  readonly nameUnsure = new Set<number>();
  /** kbIds of the bases the sequence deleted (by number): never to be listed again. */
  readonly deletedBases = new Map<number, string>();
  /** Assistants handed over to account B (by number): B's key deletes them when the sequence ends. */
  readonly transferred = new Map<number, Created<string>>();
  /**
   * A word that occurs only in the names of this sequence's assistants (create puts it there), so
   * a search for it finds them and nothing of other runs or people.
   */
  readonly searchTerm: string;
  /** A word only the titles of this sequence's assistants carry (not their names): search by title. */
  readonly titleTerm: string;
  /** A word every text field of this sequence's plugins carries (its title excepted). */
  readonly pluginTerm: string;
  /**
   * The page size the views walk pages with at the current checkpoint (undefined: the documented
   * default, not sent), drawn by the checkpoint.
   */
  viewLimit: number | undefined = undefined;
  /**
   * Which views the current checkpoint reads: view i of a family when (i + turn) % stride is 0. A
   * checkpoint reads a drawn share of them (the time a run may take is bounded); over a run's
   * checkpoints every view is read after many histories.
   */
  viewTurn = 0;
  viewStride = 1;
  /** vectorCount of each base as last read. */
  readonly vectorCounts = new Map<number, number>();
  /** The steps run so far, as their commands read. */
  readonly steps: string[] = [];
  /** The last exchange any client of the world sent. */
  last: Exchange | undefined;
  /** The area (`--only`) whose run replays a failed sequence, printed with the failure. */
  replayArea = 'stateful';

  readonly client: ApiClient;
  readonly viewers: Partial<Record<ViewerRole, ApiClient>> = {};
  /** Account B, where the keyring has its key and its owner's email; undefined otherwise. */
  readonly transferTo: TransferTarget | undefined;
  /** Account B's client, where the keyring has its key (with or without its owner's email). */
  readonly other: ApiClient | undefined;

  constructor(
    readonly kb: KnowledgeSteps,
    /** The file's resource maker, for bodies and names (its client is not the world's). */
    readonly account: AccountResources,
    readonly tracker: ResourceTracker,
    readonly spec: Spec,
    readonly prefix: string,
    viewers: Partial<Record<ViewerRole, ApiClient>>,
    /** The run's seed (`--seed`), printed with a failure. */
    readonly runSeed: number | undefined,
    /** The suite's fixture web server as the implementation reaches it (for ingest-url). */
    readonly fixtureBaseUrl: string,
    readonly patience: Patience,
    transferTo: TransferTarget | undefined,
    readonly observe: Observe,
    readonly cover: Cover,
    /** Account B's client where the keyring has its key (its views are then judged too). */
    other?: ApiClient,
  ) {
    // The knowledge steps' client and the viewers are this world's own (the account's is the file's).
    this.client = this.watched(kb.client);
    for (const [role, client] of Object.entries(viewers) as Array<[ViewerRole, ApiClient]>)
      this.viewers[role] = this.watched(client);
    this.transferTo = transferTo && { email: transferTo.email, client: this.watched(transferTo.client) };
    this.other = this.transferTo?.client ?? (other && this.watched(other));
    this.searchTerm = uniqueWord(prefix);
    this.titleTerm = uniqueWord(prefix);
    this.pluginTerm = uniqueWord(prefix).replace(/-/g, '_');
  }

  /**
   * Creates an assistant, a plugin or a knowledge base through its kind's descriptor (kinds/create.ts): its deletion
   * registered with the file's tracker before the answer is judged, anything but the documented
   * success a SetupError (the check's verdict on its own create).
   */
  create(kind: TrackedKind, body: Record<string, unknown>): Promise<{ id: string; forget: () => void }> {
    return createOne(kind, this.client, this.tracker, body);
  }

  /** Names the running step by what it drew: its toString says only what it may draw. */
  nameStep(step: string): void {
    this.steps[this.steps.length - 1] = step;
  }

  /** Every exchange of `client` is remembered as the world's last, for the failure report. */
  private watched(client: ApiClient): ApiClient {
    const call = client.call.bind(client);
    client.call = async (...args: Parameters<ApiClient['call']>) => {
      const exchange = await call(...args);
      this.last = exchange;
      return exchange;
    };
    return client;
  }

  assistantId(n: number): string {
    return required(this.assistants.get(n), `assistant #${n}`).id;
  }

  plugin(n: number): { title: string; objectId: string } {
    return required(this.plugins.get(n), `plugin #${n}`).id;
  }

  kbId(n: number): string {
    return required(this.bases.get(n), `base #${n}`).id;
  }

  docId(d: number): string {
    return required(this.documents.get(d), `doc #${d}`);
  }

  /**
   * refresh-now "re-fetches every URL-sourced document"; whether the re-fetched document keeps its
   * docId is not stated, and a server may store the re-crawl as a new document in the old one's
   * place. A URL document of base `b` that `listed` (the base's documents as just read) no longer
   * shows is followed to the one document listed under its title that the sequence does not know;
   * with none, or several, the views judge it missing. Called with every read of a base's
   * documents, since a crawl is queued and lands whenever it does.
   */
  followRecrawled(model: AccountModel, b: number, listed: readonly JsonObject[]): void {
    const shown = new Set(listed.map((doc) => String(doc.docId)));
    const known = new Set(this.documents.values());
    for (const [d, doc] of model.base(b).documents) {
      if (doc.source !== 'url' || doc.title === undefined || shown.has(this.docId(d))) continue;
      const successors = listed.filter((l) => !known.has(String(l.docId)) && l.title === doc.title);
      if (successors.length === 1) this.documents.set(d, String(successors[0]!.docId));
    }
  }

  /**
   * Base `n` of the model is `kbId`, made by the check and shared by its sequences: the world
   * addresses it by its number, and its cleanup leaves it to the check (the file's tracker deletes it).
   */
  lendBase(n: number, kbId: string): void {
    this.bases.set(n, { id: kbId, forget: () => undefined, remove: () => Promise.resolve() });
    this.vectorCounts.set(n, 0);
  }

  /** Drops the cleanup of a resource the sequence deleted itself. */
  forget(kind: 'assistants' | 'plugins' | 'bases', n: number): void {
    if (kind === 'assistants') this.deletedAssistants.set(n, this.assistantId(n));
    if (kind === 'plugins') this.deletedPlugins.set(n, this.plugin(n));
    if (kind === 'bases') this.deletedBases.set(n, this.kbId(n));
    this[kind].get(n)?.forget();
    this[kind].delete(n);
  }

  /**
   * Before assistant `n` is sent to B: whatever the answer, its cleanup (the world's, and the
   * file's tracker if that fails) deletes it with B's key and then with A's, so it is removed
   * wherever it ended up: moved by a 200, moved by an answer that was not a 200, or left with A (a
   * transfer that did not take, or not yet).
   */
  handingOver(n: number, other: ApiClient): void {
    const created = required(this.assistants.get(n), `assistant #${n}`);
    created.forget();
    const remove = () => deleteFromEither([other, this.client], created.id);
    const forget = this.tracker.register(`assistant ${created.id} (account B or A)`, remove);
    this.assistants.set(n, { id: created.id, forget, remove });
  }

  /**
   * Assistant `n` is B's (the transfer answered 200): no step addresses it as A's again; its
   * cleanup stays the one `handingOver` set (B's key, then A's).
   */
  handedOver(n: number): void {
    const created = required(this.assistants.get(n), `assistant #${n}`);
    this.assistants.delete(n);
    this.transferred.set(n, created);
  }

  /**
   * Deletes what the sequence left: the assistants handed to B with B's key (then A's, should the
   * transfer not have taken), then A's assistants (so attachments go with them), plugins and bases.
   */
  async cleanup(): Promise<void> {
    const steps: Array<[Map<number, Created<unknown>>, (id: never) => Promise<void>]> = [
      [
        this.transferred,
        (id: string) =>
          deleteFromEither(this.transferTo ? [this.transferTo.client, this.client] : [this.client], id),
      ],
      [this.assistants, (id: string) => removeOne(ASSISTANT, this.client, id)],
      [this.plugins, (id: { title: string }) => removeOne(PLUGIN, this.client, id.title)],
      [this.bases, (id: string) => removeOne(KNOWLEDGE_BASE, this.client, id)],
    ];
    for (const [created, remove] of steps) {
      for (const [n, { id, forget, remove: own }] of created) {
        // A failed delete stays with the file's tracker, which tries again when the file ends.
        await (own ? own() : remove(id as never)).then(forget, () => undefined);
        created.delete(n);
      }
    }
  }
}

/**
 * Deletes assistant `id` with each client in turn, each tried whatever the one before answered (a
 * 2xx from a key that does not own it need not have removed it); it fails only when none succeeded.
 */
async function deleteFromEither(clients: readonly ApiClient[], id: string): Promise<void> {
  const errors: unknown[] = [];
  for (const client of clients)
    await removeOne(ASSISTANT, client, id).catch((error: unknown) => errors.push(error));
  if (errors.length === clients.length) throw errors[0];
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`model: ${what} was not created by this sequence`);
  return value;
}

/** Whether the keyring names account B as a transfer target: its `other` key and its owner's email. */
export function canTransfer(ctx: Pick<CheckContext, 'target'>): boolean {
  const { keyring } = ctx.target;
  return keyring.keys.other !== undefined && keyring.accounts?.other?.email !== undefined;
}

/**
 * The world of one sequence, with the check's clients; the viewer keys and account B only where
 * the keyring has them.
 */
export function newWorld(ctx: CheckContext, patience: Patience): World {
  const viewers: Partial<Record<ViewerRole, ApiClient>> = {};
  for (const role of ['assistants:view', 'knowledgeBase:view'] as const)
    if (ctx.target.keyring.keys[role] !== undefined) viewers[role] = ctx.as(role);
  const email = ctx.target.keyring.accounts?.other?.email;
  const transferTo = canTransfer(ctx) && email !== undefined ? { email, client: ctx.as('other') } : undefined;
  const other =
    transferTo === undefined && ctx.target.keyring.keys.other !== undefined ? ctx.as('other') : undefined;
  return new World(
    ctx.kb(),
    ctx.resources(),
    ctx.tracker,
    ctx.spec,
    ctx.prefix,
    viewers,
    ctx.target.seed,
    ctx.target.fixtureBaseUrl,
    patience,
    transferTo,
    (requirement, situation, behaviour) => ctx.observe(requirement, behaviour, situation),
    (requirement, value) => ctx.cover(requirement, value),
    other,
  );
}

// ------------------------------------------------------------------ comparisons of the model and the implementation

/** The attachments of assistant `a` as the model holds them, with real kbIds, sorted as attachmentsOf sorts. */
export function expectedAttachments(model: AccountModel, world: World, a: number) {
  return attachmentsOf(
    [...model.assistant(a).attachments].map(([b, attachment]) => ({ kbId: world.kbId(b), ...attachment })),
  );
}

/**
 * Both sides of assistant `a`'s attachments show the model's, each once: its bases (GET
 * /kb/persona/{personaId}) and the attached_kbs of its get. A write to an attachment keeps both.
 */
export async function expectAttachmentsOfAssistant(
  model: AccountModel,
  world: World,
  a: number,
): Promise<void> {
  const expected = expectedAttachments(model, world, a);
  const personaId = world.assistantId(a);
  expect(attachmentsOf(await world.kb.personaBases(personaId)), `the bases of assistant #${a}`).toEqual(
    expected,
  );
  expect(attachmentsOf(await world.kb.attachedKbs(personaId)), `attached_kbs of assistant #${a}`).toEqual(
    expected,
  );
}

/**
 * Get of assistant `a` shows the model's name and attachments, and accessible_plugin holds the
 * live plugins added to it and none of the other live plugins of the run. (A deleted plugin's id
 * is not judged: what the assistant then shows is not stated.)
 */
export async function expectAssistantRead(model: AccountModel, world: World, a: number): Promise<void> {
  const assistant = model.assistant(a);
  const data = await readAssistant(world.client, world.assistantId(a));
  expect(data.name, `name of assistant #${a}`).toBe(assistant.name);
  const attached = Array.isArray(data.attached_kbs) ? (data.attached_kbs as Record<string, unknown>[]) : [];
  expect(attachmentsOf(attached), `attached_kbs of assistant #${a}`).toEqual(
    expectedAttachments(model, world, a),
  );
  const held = new Set(accessiblePluginIds(data));
  // A plugin created again under a deleted one's title might (unstated) get its _id back: not judged.
  const former = new Set([...world.deletedPlugins.values()].map(({ objectId }) => objectId));
  for (const p of model.plugins.keys()) {
    const { objectId } = world.plugin(p);
    if (former.has(objectId)) continue;
    expect(held.has(objectId), `plugin #${p} in accessible_plugin of assistant #${a}`).toBe(
      assistant.plugins.has(p),
    );
  }
}

/**
 * Base `b` as the implementation shows it agrees with the model: its documents (ids and tiers),
 * documentsCount in stats (and, when `listed`, docsCount and liveSourcesCount in the list of
 * bases), and vectorCount
 * moved the way the last command says (stats are asked again until it has, in case the index
 * trails a write).
 */
export async function expectBaseInStep(
  model: AccountModel,
  world: World,
  b: number,
  vectors: 'up' | 'down' | 'any',
  /** Also the base's docsCount and liveSourcesCount in the list of bases (a larger read). */
  inList = false,
): Promise<void> {
  const kbId = world.kbId(b);
  const docs = model.base(b).documents;
  const listed = await world.kb.documents(kbId);
  world.followRecrawled(model, b, listed);
  expect(listed.map((d) => d.docId).sort(), `documents of base #${b}`).toEqual(
    [...docs.keys()].map((d) => world.docId(d)).sort(),
  );
  for (const [d, doc] of docs)
    expect(listed.find((l) => l.docId === world.docId(d))?.mode, `mode of doc #${d}`).toBe(doc.tier);
  const counts = model.counts(b);
  if (inList) {
    // When the listed counts reflect an ingest or a delete is not stated: asked again until they
    // do or the index deadline passes, as for stats below.
    const base = await listedBaseWhen(
      world,
      kbId,
      (listedBase) =>
        listedBase?.docsCount === counts.documents && listedBase.liveSourcesCount === counts.inline,
    );
    expect(base, `base #${b} in the list of bases`).toBeDefined();
    expect(base?.docsCount, `docsCount of base #${b}`).toBe(counts.documents);
    expect(base?.liveSourcesCount, `liveSourcesCount of base #${b}`).toBe(counts.inline);
  }
  const before = world.vectorCounts.get(b) ?? 0;
  const moved = (count: number) =>
    vectors === 'up' ? count > before : vectors === 'down' ? count < before : true;
  const { answer: stats, satisfied } = await pollUntil(
    () => world.kb.stats(kbId),
    (s) => s.documentsCount === counts.documents && moved(s.vectorCount),
    { timeoutMs: world.patience.timeoutMs },
  );
  if (!satisfied) world.patience.timeoutMs = 0;
  world.last = stats.exchange;
  expect(stats.documentsCount, `documentsCount of base #${b}`).toBe(counts.documents);
  if (vectors !== 'any')
    expect(
      stats.vectorCount,
      `vectorCount of base #${b}, ${vectors === 'up' ? 'above' : 'below'} ${before} after the last step`,
    )[vectors === 'up' ? 'toBeGreaterThan' : 'toBeLessThan'](before);
  world.vectorCounts.set(b, stats.vectorCount);
}

/**
 * The base as the list of bases shows it, asked again until `done` accepts it or the world's
 * patience runs out (then none is left for later steps); the last answer either way.
 */
export async function listedBaseWhen(
  world: World,
  kbId: string,
  done: (base: JsonObject | undefined) => boolean,
): Promise<JsonObject | undefined> {
  const { answer, satisfied } = await pollUntil(() => world.kb.listedBase(kbId), done, {
    timeoutMs: world.patience.timeoutMs,
  });
  if (!satisfied) world.patience.timeoutMs = 0;
  return answer;
}
