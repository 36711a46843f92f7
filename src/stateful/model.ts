/**
 * The model of one account, as the API document describes it: what a sequence of calls made by
 * one run has created, and what the document says each call does to it. It holds no real ids and
 * sends nothing: a resource is known by the order it was created in within the run (assistant #0,
 * base #2, doc #5), and the real side (world.ts) maps those numbers to the implementation's ids.
 *
 * Only what the document states is modelled. Where it leaves a point open (the tier `auto` picks,
 * an assistant's accessible_plugin after the plugin was deleted, vectorCount beyond its direction)
 * the model records what the implementation answered, or nothing.
 */

import {
  afterBody,
  documentedIntervalDays,
  NOTHING_SET,
  type IntervalHistory,
} from '../expect/auto-refresh-interval.ts';

type GroundingMode = 'strict' | 'supplemental';

export interface Attachment {
  enabled: boolean;
  grounding_mode: GroundingMode;
}

/** The documented defaults of an attach body (KB-ATTACH-18, KB-ATTACH-19). */
export const ATTACH_DEFAULTS: Attachment = { enabled: true, grounding_mode: 'supplemental' };

/** Knowledge bases per assistant (LIM-01, LIM-02). */
export const MAX_BASES_PER_ASSISTANT = 3;

/** Query topK: default and maximum (KB-QUERY-09, KB-QUERY-10). */
export const TOP_K_DEFAULT = 5;
export const TOP_K_MAX = 20;

type Tier = 'vector' | 'inline';

export interface ModelAssistant {
  name: string;
  /** The one-line role description, as created or last updated. */
  title: string;
  isPublic: boolean;
  /** Target platforms as created (every assistant of the model targets android, so quiet filters hold it). */
  os: string[];
  /** Is_main_agent as created: a main agent, or an agentic tool. */
  mainAgent: boolean;
  /** Names it carried before a rename, oldest first (a search for one is recorded, not judged). */
  formerNames: string[];
  /** A share-link token was minted for it. */
  shared: boolean;
  /** Plugins (by number) added to accessible_plugin. */
  plugins: Set<number>;
  /** Attached bases, by number. */
  attachments: Map<number, Attachment>;
}

/** A plugin as get (name, human_description, isPublic) and the list (tags, os) show it. */
export interface ModelPlugin {
  name: string;
  human_description: string;
  isPublic: boolean;
  tags: string[];
  os: string[];
  /**
   * Every func_run and func_schema sent for it so far: the list routes return the code encrypted,
   * so none of them may appear there in clear (or merely encoded).
   */
  plaintexts?: string[];
  /**
   * Fields a partial update left unsent: whether they kept their value is not stated for a plugin
   * (PL-UPDATE-03, recorded), so no view judges them until an update sends them again.
   */
  unsure?: PluginField[];
}

/** The plugin fields the views compare. */
export type PluginField = 'name' | 'human_description' | 'isPublic' | 'tags' | 'os';

/** A plugin update that sends every field the model holds (and new code): nothing left unsure. */
export type PluginRewrite = Pick<ModelPlugin, PluginField> & { func_run: string; func_schema: string };

/** The shape of an assistant besides its name and isPublic (defaults: an android-only agentic tool). */
export interface AssistantShape {
  title?: string;
  os?: string[];
  mainAgent?: boolean;
}

/** The fields a plugin update of the sequence sends (besides the title that addresses it). */
export type PluginUpdate = Partial<Pick<ModelPlugin, 'name' | 'human_description'>>;

/** An assistant handed over to the other account (B): no longer A's to address. */
export interface TransferredAssistant {
  name: string;
  /** Whether the transfer kept A as a full-access editor. */
  keepAccess: boolean;
}

export interface ModelDocument {
  base: number;
  tier: Tier;
  /** chunksCreated of the ingest answer (0 for an inline document). */
  chunks: number;
  /** A word only this document holds: a query for it can only be answered from this document. */
  marker: string;
  // ---- what the knowledge views compare (src/stateful/views/knowledge.ts), where the command knows it
  /** The title it is listed under: the one sent, or the documented default (filename, page title). */
  title?: string;
  /** How it was ingested: only URL-sourced documents are re-crawled (KB-REFRESH-10). */
  source?: 'text' | 'file' | 'url';
  /** A sentence of its text, verbatim: a query made of it finds the document (a vector-tier one). */
  sentence?: string;
  /** A page of the changing fixture (CHANGING): its token, and the revision its text is known to hold. */
  page?: { token: string; revision: number };
}

/** The auto-refresh schedule as PATCH auto-refresh last set it (STATE-05). */
export interface ModelSchedule {
  enabled: boolean;
  /** The intervalDays the base must show, where the document states it (undefined where open). */
  intervalDays: number | undefined;
  /** What the bodies sent so far set (whether an interval was ever sent, or auto-refresh turned on). */
  history: IntervalHistory;
  /** Kinds of other writes to the base since it was set: a view still showing it covers STATE-05. */
  writesSince: Set<string>;
}

export interface ModelBase {
  /** Live documents, by number. */
  documents: Map<number, ModelDocument>;
  /** Its name and description as created (description: empty when none was sent), where known. */
  name?: string;
  description?: string;
  /** Undefined until PATCH auto-refresh is sent. */
  schedule?: ModelSchedule;
}

/**
 * The rows of the document's state tables and "Other side effects of deletes" that a sequence can
 * exercise, each under the requirement that states it, with the words the report shows.
 */
export const TRANSITIONS = {
  'KB-ATTACH-01': 'attachment absent → attached (POST, fewer than three attached)',
  'KB-ATTACH-04': 'attachment absent → absent (POST with three attached: 400)',
  'KB-ATTACH-05': 'attachment attached → attached (the same POST again: updated)',
  'KB-ATTACH-07': 'attachment attached → attached (PATCH)',
  'KB-ATTACH-09': 'attachment attached → absent (DELETE, detach)',
  'KB-ATTACH-12': 'attachment attached → absent (the assistant deleted)',
  'KB-ATTACH-13': 'attachment attached → absent (the base deleted)',
  'STATE-02': 'attachment attached with enabled false',
  'STATE-03': 'document tier chosen at ingest by mode vector or inline',
  'STATE-09':
    'assistant with a share link deleted (its links go with it; not observable through this interface)',
  'STATE-10': 'plugin deleted: gone from both catalogs',
  'STATE-12': 'plugin deleted while an assistant references it',
  'STATE-13': 'document deleted: dropped from the documents',
  'STATE-14': 'document with chunks deleted: its vectors dropped',
  'STATE-15': "query after a document delete: the deleted document's chunks filtered out",
  // ---- histories across operations, judged in every view (src/stateful/views) ----
  'AS-LIST-02':
    'checkpoint: every view of the account (and of account B) compared with the model (drawn, and at the end of every sequence)',
  'AS-DELETE-02': 'assistant deleted: in no view of either account at any later checkpoint',
  'IDS-06': 'assistant deleted, then created again under the same customPersonaId',
  'IDS-11': 'plugin deleted, then created again under the same title',
  'AS-UPDATE-09': 'assistant renamed (name or title), then searched under its current name and title',
  'AS-UPDATE-10': 'assistant published (isPublic false → true by update): in the shared catalog',
  'AS-CREATE-03': 'assistant unpublished (isPublic true → false by update): out of the shared catalog',
  'PL-SHAPE-15': 'plugin published (isPublic false → true by update): in the public catalog',
  'PL-LIST-03':
    "plugin unpublished (isPublic true → false by update): out of the public catalog, still in the owner's",
  'PL-LIST-12': 'plugin code (func_run, func_schema) replaced by update: still encrypted on list and search',
  'AS-TRANSFER-06': 'assistant transferred without keepAccess, then every view of both accounts',
  'AS-TRANSFER-07': 'assistant transferred with keepAccess true, then every view of both accounts',
  'AS-LIST-12': 'ret=count compared with the total of the same filters (the collection unmoved)',
  // ---- histories across the knowledge views (src/stateful/views/knowledge.ts)
  'STATE-05':
    'auto-refresh set (PATCH), then still shown after another kind of write to the base (ingest, document delete, attach, refresh-now)',
  'STATE-06': 'refresh-now after the page changed: the re-crawled revision served by query',
  'KB-REFRESH-10': 'refresh-now with pasted text or an uploaded file in the base: left alone',
  'KB-INGEST-05': "a deleted document's title given to a new document: listed once, the new one",
  'KB-ATTACH-14': "a deleted base's name given to a new base: a new, empty base, the old one gone",
  'LIM-01':
    'three bases attached, a slot freed (a detach, or one of the bases deleted), and a fourth attached',
} as const;

export type Transition = keyof typeof TRANSITIONS;

/** What an attach must answer, as the attachment state table decides it. */
export type AttachOutcome =
  /** absent → attached: 200 with `attached: true`. */
  | { kind: 'attached'; allowed: AllowedAttachment }
  /** attached → attached: 200 with `updated: true`. */
  | { kind: 'updated'; allowed: AllowedAttachment }
  /** absent → absent: 400, three bases already attached. */
  | { kind: 'refused' };

/** The values each field of the resulting attachment may take. */
type AllowedAttachment = { [K in keyof Attachment]: Attachment[K][] };

export interface AttachBody {
  grounding_mode?: GroundingMode;
  enabled?: boolean;
}

export class AccountModel {
  readonly assistants = new Map<number, ModelAssistant>();
  readonly plugins = new Map<number, ModelPlugin>();
  readonly bases = new Map<number, ModelBase>();
  /** Documents deleted (or gone with their base), by number: never to be served again. */
  readonly deletedDocuments = new Map<number, ModelDocument>();
  /** Bases the sequence deleted, by number, with the name they had: never to be listed again. */
  readonly deletedBases = new Map<number, { name: string | undefined; description: string | undefined }>();
  /**
   * Assistants the sequence deleted, by number: never to be listed, searched or got again (unless
   * one is created again under its customPersonaId: then it leaves this set).
   */
  readonly deletedAssistants = new Set<number>();
  /** Plugins the sequence deleted, by number: in no catalog (unless created again under their title). */
  readonly deletedPlugins = new Set<number>();
  /** Assistants handed over to account B, by number: B's now, never addressed as A's again. */
  readonly transferred = new Map<number, TransferredAssistant>();
  /** How many of each kind were created so far: the next one's number. */
  readonly created = { assistant: 0, plugin: 0, base: 0, document: 0 };
  /** How often each transition was exercised. */
  readonly coverage = new Map<Transition, number>();
  /** Knowledge-view checkpoints drawn so far (commands/check-knowledge-views.ts). */
  knowledgeCheckpoints = 0;

  private count(transition: Transition, times = 1): void {
    if (times > 0) this.coverage.set(transition, (this.coverage.get(transition) ?? 0) + times);
  }

  /** Records a transition a view or a command exercised outside the model's own operations. */
  exercised(transition: Transition): void {
    this.count(transition);
  }

  // ---------------------------------------------------------------- assistants

  createAssistant(name: string, isPublic: boolean, shape: AssistantShape = {}): number {
    const n = this.created.assistant++;
    this.assistants.set(n, {
      name,
      title: shape.title ?? '',
      isPublic,
      os: [...(shape.os ?? ['android'])],
      mainAgent: shape.mainAgent ?? false,
      formerNames: [],
      shared: false,
      plugins: new Set(),
      attachments: new Map(),
    });
    return n;
  }

  /**
   * Deleted assistant `d`'s customPersonaId taken by a new create: `d` is no longer a deleted id
   * (its id is live again) and the new assistant, with nothing of the old one, gets a number.
   */
  recreateAssistant(d: number, name: string, isPublic: boolean, shape: AssistantShape = {}): number {
    if (!this.deletedAssistants.delete(d)) throw new Error(`model: assistant #${d} was not deleted`);
    this.count('IDS-06');
    return this.createAssistant(name, isPublic, shape);
  }

  /** A partial update: the fields sent replace the model's (AS-UPDATE-02, AS-UPDATE-09, AS-UPDATE-10). */
  updateAssistant(n: number, update: { name?: string; title?: string; isPublic?: boolean }): void {
    const assistant = this.assistant(n);
    if (update.name !== undefined && update.name !== assistant.name) {
      assistant.formerNames.push(assistant.name);
      assistant.name = update.name;
    }
    if (update.title !== undefined) assistant.title = update.title;
    if (update.name !== undefined || update.title !== undefined) this.count('AS-UPDATE-09');
    if (update.isPublic !== undefined && update.isPublic !== assistant.isPublic)
      this.count(update.isPublic ? 'AS-UPDATE-10' : 'AS-CREATE-03');
    if (update.isPublic !== undefined) assistant.isPublic = update.isPublic;
  }

  /** An array of plugin ids adds them to accessible_plugin (AS-UPDATE-07). */
  addPlugins(n: number, plugins: readonly number[]): void {
    const assistant = this.assistant(n);
    for (const plugin of plugins) assistant.plugins.add(plugin);
  }

  /**
   * Permanent; its attachments go with it (KB-ATTACH-12), and its share links (STATE-09, counted
   * when one was minted). Returns the bases that were attached.
   */
  deleteAssistant(n: number): number[] {
    const assistant = this.assistant(n);
    const bases = [...assistant.attachments.keys()];
    this.count('KB-ATTACH-12', bases.length);
    if (assistant.shared) this.count('STATE-09');
    this.assistants.delete(n);
    this.deletedAssistants.add(n);
    return bases;
  }

  /** A share-link token was minted for assistant `n` (AS-SHARE-02): nothing else changes. */
  shareAssistant(n: number): void {
    this.assistant(n).shared = true;
  }

  /**
   * Assistant `n` is account B's from now on (AS-TRANSFER-04): it leaves A's assistants, so no
   * later step addresses it as A's. What becomes of its attachments and plugins is not stated: the
   * model drops them and asserts nothing about them. Returns it as B's.
   */
  transferAssistant(n: number, keepAccess: boolean): TransferredAssistant {
    const { name } = this.assistant(n);
    const transferred = { name, keepAccess };
    this.assistants.delete(n);
    this.transferred.set(n, transferred);
    this.count(keepAccess ? 'AS-TRANSFER-07' : 'AS-TRANSFER-06');
    return transferred;
  }

  /** A rename of a transferred assistant by A, kept as a full-access editor (AS-TRANSFER-07). */
  renameTransferred(n: number, name: string): void {
    const transferred = this.transferred.get(n);
    if (!transferred?.keepAccess)
      throw new Error(`model: assistant #${n} was not handed over with access kept`);
    transferred.name = name;
  }

  /** A's live assistants whose name carries `term`: a search for it finds each (AS-SEARCH-02). */
  searchable(term: string): number[] {
    return this.live('assistants').filter((a) => this.assistant(a).name.includes(term));
  }
  // ---------------------------------------------------------------- plugins

  createPlugin(plugin: ModelPlugin): number {
    const n = this.created.plugin++;
    this.plugins.set(n, {
      ...plugin,
      tags: [...plugin.tags],
      os: [...plugin.os],
      plaintexts: [...(plugin.plaintexts ?? [])],
      unsure: [],
    });
    return n;
  }

  /** Deleted plugin `p`'s title taken by a new create: `p` leaves the deleted ones; the new one's number. */
  recreatePlugin(p: number, plugin: ModelPlugin): number {
    if (!this.deletedPlugins.delete(p)) throw new Error(`model: plugin #${p} was not deleted`);
    this.count('IDS-11');
    return this.createPlugin(plugin);
  }

  /**
   * An update by title: the fields sent replace the model's, the others keep theirs (the partial
   * reading of PL-UPDATE-03; the document does not state it for plugins, so it is recorded, not
   * judged: the fields not sent are unsure from then on, and no view judges them).
   */
  updatePlugin(n: number, update: PluginUpdate): ModelPlugin {
    const plugin = this.plugin(n);
    if (update.name !== undefined) plugin.name = update.name;
    if (update.human_description !== undefined) plugin.human_description = update.human_description;
    const unsent = (['name', 'human_description', 'isPublic', 'tags', 'os'] as const).filter(
      (field) => !(field in update),
    );
    const sent = (plugin.unsure ?? []).filter((field) => field in update);
    plugin.unsure = [
      ...new Set([...(plugin.unsure ?? []).filter((field) => !sent.includes(field)), ...unsent]),
    ];
    return plugin;
  }

  /** An update sending every field the model holds, and new code: all of them as sent, none unsure. */
  rewritePlugin(n: number, rewrite: PluginRewrite): ModelPlugin {
    const plugin = this.plugin(n);
    if (rewrite.isPublic !== plugin.isPublic || plugin.unsure?.includes('isPublic'))
      this.count(rewrite.isPublic ? 'PL-SHAPE-15' : 'PL-LIST-03');
    Object.assign(plugin, {
      name: rewrite.name,
      human_description: rewrite.human_description,
      isPublic: rewrite.isPublic,
      tags: [...rewrite.tags],
      os: [...rewrite.os],
      unsure: [],
    });
    const previous = plugin.plaintexts ?? [];
    plugin.plaintexts = [...previous, rewrite.func_run, rewrite.func_schema];
    if (!previous.includes(rewrite.func_run) || !previous.includes(rewrite.func_schema))
      this.count('PL-LIST-12');
    return plugin;
  }

  plugin(n: number): ModelPlugin {
    const plugin = this.plugins.get(n);
    if (!plugin) throw new Error(`model: no plugin #${n}`);
    return plugin;
  }

  /**
   * Removed from both catalogs (STATE-10); nothing blocks it, also when assistants reference it
   * (STATE-12). What those assistants' accessible_plugin then shows is not stated: the reference
   * is dropped from the model, which then asserts nothing about that plugin's id.
   */
  deletePlugin(n: number): { referencedBy: number[] } {
    if (!this.plugins.delete(n)) throw new Error(`model: no plugin #${n}`);
    this.deletedPlugins.add(n);
    const referencedBy: number[] = [];
    for (const [a, assistant] of this.assistants) if (assistant.plugins.delete(n)) referencedBy.push(a);
    this.count('STATE-10');
    if (referencedBy.length > 0) this.count('STATE-12');
    return { referencedBy };
  }

  // ---------------------------------------------------------------- bases and documents

  createBase(identity?: { name: string; description?: string }): number {
    const n = this.created.base++;
    this.bases.set(n, {
      documents: new Map(),
      ...(identity ? { name: identity.name, description: identity.description ?? '' } : {}),
    });
    return n;
  }

  /**
   * The base, its documents and vectors are removed, and every attachment of it goes (KB-ATTACH-13,
   * KB-ATTACH-14). Returns the assistants it was attached to.
   */
  deleteBase(n: number): { detachedFrom: number[] } {
    const base = this.base(n);
    const detachedFrom: number[] = [];
    for (const [a, assistant] of this.assistants) if (assistant.attachments.delete(n)) detachedFrom.push(a);
    this.count('KB-ATTACH-13', detachedFrom.length);
    for (const [d, doc] of base.documents) this.deletedDocuments.set(d, doc);
    this.bases.delete(n);
    this.deletedBases.set(n, { name: base.name, description: base.description });
    return { detachedFrom };
  }

  /** A document ingested into base `n`, in the tier the answer named; returns its number. */
  ingest(n: number, doc: Omit<ModelDocument, 'base'>, requestedMode: 'vector' | 'inline' | 'auto'): number {
    const base = this.base(n);
    const d = this.created.document++;
    base.documents.set(d, { ...doc, base: n });
    if (requestedMode !== 'auto') this.count('STATE-03');
    this.wroteTo(n, 'ingest');
    return d;
  }

  /** Drops the document and its vectors (STATE-13, STATE-14); query filters it out from then on (STATE-15). */
  deleteDocument(d: number): ModelDocument {
    const doc = this.document(d);
    this.base(doc.base).documents.delete(d);
    this.deletedDocuments.set(d, doc);
    this.wroteTo(doc.base, 'document delete');
    this.count('STATE-13');
    if (doc.chunks > 0) this.count('STATE-14');
    return doc;
  }

  /** Records that a query was judged against deleted documents (STATE-15), when there are some. */
  queried(base: number): void {
    if ([...this.deletedDocuments.values()].some((doc) => doc.base === base)) this.count('STATE-15');
  }

  /** The live document `d`, wherever it is. */
  document(d: number): ModelDocument {
    for (const base of this.bases.values()) {
      const doc = base.documents.get(d);
      if (doc) return doc;
    }
    throw new Error(`model: no live document #${d}`);
  }

  liveDocument(d: number): boolean {
    return [...this.bases.values()].some((base) => base.documents.has(d));
  }

  // ---------------------------------------------------------------- attachments

  /** What POST /kb/{kbId}/personas/{personaId} must do, by the attachment state table. */
  attachOutcome(a: number, b: number, body: AttachBody): AttachOutcome {
    const assistant = this.assistant(a);
    this.base(b);
    const previous = assistant.attachments.get(b);
    if (!previous && assistant.attachments.size >= MAX_BASES_PER_ASSISTANT) return { kind: 'refused' };
    // A field sent is applied. One left out of a first attach takes its default; left out of a
    // repeated attach it may keep its value or take the default (the document does not say).
    const allowed = (field: keyof Attachment) => {
      if (body[field] !== undefined) return [body[field]];
      if (previous && previous[field] !== ATTACH_DEFAULTS[field])
        return [previous[field], ATTACH_DEFAULTS[field]];
      return [ATTACH_DEFAULTS[field]];
    };
    const values = {
      enabled: allowed('enabled') as boolean[],
      grounding_mode: allowed('grounding_mode') as GroundingMode[],
    };
    return previous ? { kind: 'updated', allowed: values } : { kind: 'attached', allowed: values };
  }

  /**
   * Applies an attach whose answer was judged against `attachOutcome`: `result` is the attachment
   * as answered (one of the allowed values), undefined for a refused attach.
   */
  attach(a: number, b: number, result: Attachment | undefined): void {
    const assistant = this.assistant(a);
    if (result === undefined) {
      this.count('KB-ATTACH-04');
      return;
    }
    this.count(assistant.attachments.has(b) ? 'KB-ATTACH-05' : 'KB-ATTACH-01');
    if (!result.enabled) this.count('STATE-02');
    assistant.attachments.set(b, { ...result });
    this.wroteTo(b, 'attach');
  }

  /** PATCH: the fields sent change, the others keep their value (KB-ATTACH-07, KB-ATTACH-22). */
  patchAttachment(a: number, b: number, body: AttachBody): Attachment {
    const assistant = this.assistant(a);
    const current = assistant.attachments.get(b);
    if (!current) throw new Error(`model: base #${b} is not attached to assistant #${a}`);
    const next: Attachment = {
      enabled: body.enabled ?? current.enabled,
      grounding_mode: body.grounding_mode ?? current.grounding_mode,
    };
    assistant.attachments.set(b, next);
    this.count('KB-ATTACH-07');
    if (!next.enabled) this.count('STATE-02');
    return next;
  }

  /** DELETE: absent again; the base and its documents remain (KB-ATTACH-09, KB-ATTACH-11). */
  detach(a: number, b: number): void {
    if (!this.assistant(a).attachments.delete(b))
      throw new Error(`model: base #${b} is not attached to assistant #${a}`);
    this.count('KB-ATTACH-09');
  }

  isAttached(a: number, b: number): boolean {
    return this.assistants.get(a)?.attachments.has(b) ?? false;
  }

  // ---------------------------------------------------------------- schedule, re-crawl, reuse, the limit

  /** PATCH auto-refresh with `body` answered 200: the schedule the base must show from now on (STATE-05). */
  setAutoRefresh(b: number, body: { enabled: boolean; intervalDays?: number }): ModelSchedule {
    const base = this.base(b);
    const history = afterBody(base.schedule?.history ?? NOTHING_SET, body);
    base.schedule = {
      enabled: body.enabled,
      intervalDays: documentedIntervalDays(history, body),
      history,
      writesSince: new Set(),
    };
    return base.schedule;
  }

  /** The schedule base `b` must show: the one last set, or that of a base never given one. */
  schedule(b: number): Pick<ModelSchedule, 'enabled' | 'intervalDays'> | undefined {
    return this.base(b).schedule;
  }

  /** Another kind of write reached base `b` (it must keep its schedule). */
  wroteTo(b: number, kind: string): void {
    this.bases.get(b)?.schedule?.writesSince.add(kind);
  }

  /** A view showed base `b`'s schedule as set: counts STATE-05 when other writes came between. */
  scheduleKept(b: number): void {
    const schedule = this.bases.get(b)?.schedule;
    if (!schedule || schedule.writesSince.size === 0) return;
    this.count('STATE-05');
    schedule.writesSince.clear();
  }

  /** The live documents of base `b` ingested from a URL (the ones refresh-now re-crawls). */
  urlDocuments(b: number): number[] {
    return [...this.base(b).documents].filter(([, doc]) => doc.source === 'url').map(([d]) => d);
  }

  /**
   * refresh-now on base `b` answered 200: a write to it (for its schedule), which leaves its pasted
   * text and files alone (KB-REFRESH-10, counted when there were some).
   */
  refreshed(b: number): void {
    this.wroteTo(b, 'refresh-now');
    const base = this.base(b);
    if ([...base.documents.values()].some((doc) => doc.source === 'text' || doc.source === 'file'))
      this.count('KB-REFRESH-10');
  }

  /**
   * A changing page's document `d` was seen holding `revision`, at its ingest or after a re-crawl
   * (`recrawl`, STATE-06): its sentence and word are that revision's from now on.
   */
  pageServed(d: number, revision: number, sentence: string, marker: string, recrawl: boolean): void {
    const doc = this.document(d);
    if (doc.page) doc.page = { ...doc.page, revision };
    doc.sentence = sentence;
    doc.marker = marker;
    if (recrawl) this.count('STATE-06');
  }

  /** The titles of base `b`'s deleted documents (while it lives), each with the document's number. */
  deletedTitles(b: number): Array<[number, string]> {
    return this.deletedIn(b).flatMap(([d, doc]) =>
      doc.title !== undefined ? [[d, doc.title] as [number, string]] : [],
    );
  }

  /** Counts a reuse of a deleted identity judged by the views: a document title, a base name. */
  reused(what: 'document title' | 'base name'): void {
    this.count(what === 'document title' ? 'KB-INGEST-05' : 'KB-ATTACH-14');
  }

  /** Counts an attach taken after assistant `a`, once full, had a slot freed (LIM-01). */
  slotFreed(): void {
    this.count('LIM-01');
  }

  // ---------------------------------------------------------------- lookups

  /** The numbers of the live assistants, plugins, bases, documents, in creation order. */
  live(kind: 'assistants' | 'plugins' | 'bases'): number[] {
    return [...this[kind].keys()].sort((x, y) => x - y);
  }

  liveDocuments(): number[] {
    return [...this.bases.values()].flatMap((base) => [...base.documents.keys()]).sort((x, y) => x - y);
  }

  /** Every attachment as [assistant, base], in order. */
  attachments(): Array<[number, number]> {
    return this.live('assistants').flatMap((a) =>
      [...this.assistant(a).attachments.keys()].sort((x, y) => x - y).map((b) => [a, b] as [number, number]),
    );
  }

  /** The live bases not attached to assistant `a`. */
  basesNotAttachedTo(a: number): number[] {
    return this.live('bases').filter((b) => !this.isAttached(a, b));
  }

  assistant(n: number): ModelAssistant {
    const assistant = this.assistants.get(n);
    if (!assistant) throw new Error(`model: no assistant #${n}`);
    return assistant;
  }

  base(n: number): ModelBase {
    const base = this.bases.get(n);
    if (!base) throw new Error(`model: no base #${n}`);
    return base;
  }

  /** docsCount, documentsCount and liveSourcesCount of base `n` (KB-BASE-04, KB-BASE-06, KB-STATS-02). */
  counts(n: number): { documents: number; inline: number; chunked: number } {
    const docs = [...this.base(n).documents.values()];
    return {
      documents: docs.length,
      inline: docs.filter((doc) => doc.tier === 'inline').length,
      chunked: docs.filter((doc) => doc.chunks > 0).length,
    };
  }

  /** The deleted documents that were in base `n` (while it exists). */
  deletedIn(n: number): Array<[number, ModelDocument]> {
    return [...this.deletedDocuments].filter(([, doc]) => doc.base === n);
  }
}

/**
 * The item a drawn number picks among `items` (by its remainder), undefined when there is none: a
 * command names "some existing assistant" rather than a fixed one, so it applies whenever any exists.
 */
export function picked<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}

/** Adds one run's coverage to a total. */
export function addCoverage(total: Map<Transition, number>, run: ReadonlyMap<Transition, number>): void {
  for (const [transition, times] of run) total.set(transition, (total.get(transition) ?? 0) + times);
}
