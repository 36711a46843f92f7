import { openPoints } from '../open-points.ts';
import type { OsName } from '../platforms.ts';

export type ApprovalStatus = 'approved' | 'pending';

/** A plugin as stored; `func_schema` and `func_run` hold ciphertext only. */
export interface PluginDoc {
  _id: string;
  title: string;
  name: string;
  tags: string[];
  authentication_required: boolean;
  os: OsName[];
  human_description: string;
  ai_description: string;
  parameters: Record<string, unknown>;
  func_schema: string;
  func_run: string;
  isPublic: boolean;
  isAnonymous: boolean;
  connection_url?: string;
  logo?: string;
  is_agentic_tool: { status: boolean; object: unknown };
  /** The owning account's id. */
  userId: string;
  status: ApprovalStatus;
  appVersion: string;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/** Both catalogs at once: an account's own plugins and the public ones; titles unique platform-wide. */
export class PluginStore {
  private readonly byTitle = new Map<string, PluginDoc>();
  /*
   * For the planted faults only: each plugin as its create stored it (the copy a view serves when an
   * update forgets to refresh it), the deleted plugins (a delete that only marks them), and what an
   * update sent in clear to a search index (history-faults.ts). The correct routes never read them.
   */
  private readonly asCreated = new Map<string, PluginDoc>();
  private readonly deleted = new Map<string, PluginDoc>();
  private readonly searchIndexed = new Map<string, Partial<PluginDoc>>();

  /** A new plugin: stored, and its first version kept for the planted faults. */
  create(doc: PluginDoc): void {
    this.add(doc);
    this.asCreated.set(doc.title, structuredClone(doc));
    this.searchIndexed.delete(doc.title);
  }

  add(doc: PluginDoc): void {
    this.byTitle.set(doc.title, doc);
    this.deleted.delete(doc.title);
  }

  get(title: string): PluginDoc | undefined {
    return this.byTitle.get(title);
  }

  remove(title: string): void {
    const doc = this.byTitle.get(title);
    if (doc) this.deleted.set(title, doc);
    this.byTitle.delete(title);
  }

  all(): PluginDoc[] {
    return [...this.byTitle.values()];
  }

  /** The plugin as its create stored it (planted faults), or the plugin itself. */
  created(doc: PluginDoc): PluginDoc {
    return this.asCreated.get(doc.title) ?? doc;
  }

  /** Deleted plugins, oldest delete first (planted faults). */
  removed(): PluginDoc[] {
    return [...this.deleted.values()];
  }

  isRemoved(title: string): boolean {
    return this.deleted.has(title);
  }

  /** What a faulty update wrote to the search index (planted faults). */
  indexed(title: string): Partial<PluginDoc> {
    return this.searchIndexed.get(title) ?? {};
  }

  index(title: string, fields: Partial<PluginDoc>): void {
    this.searchIndexed.set(title, fields);
  }
}

/** Publishing platform-wide awaits review; a plugin kept in the account's own catalog does not. */
/** `pending` for a public plugin (the alternative personality: every new plugin `approved`). */
export const initialStatus = (isPublic: boolean): ApprovalStatus =>
  isPublic && openPoints().pluginApproval === 'public-pending' ? 'pending' : 'approved';

export const ownsPlugin = (accountId: string, doc: PluginDoc): boolean => doc.userId === accountId;

export const canSeePlugin = (accountId: string, doc: PluginDoc): boolean =>
  ownsPlugin(accountId, doc) || doc.isPublic;
