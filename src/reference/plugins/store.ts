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

  add(doc: PluginDoc): void {
    this.byTitle.set(doc.title, doc);
  }

  get(title: string): PluginDoc | undefined {
    return this.byTitle.get(title);
  }

  remove(title: string): void {
    this.byTitle.delete(title);
  }

  all(): PluginDoc[] {
    return [...this.byTitle.values()];
  }
}

/** Publishing platform-wide awaits review; a plugin kept in the account's own catalog does not. */
/** `pending` for a public plugin (the alternative personality: every new plugin `approved`). */
export const initialStatus = (isPublic: boolean): ApprovalStatus =>
  isPublic && openPoints().pluginApproval === 'public-pending' ? 'pending' : 'approved';

export const ownsPlugin = (accountId: string, doc: PluginDoc): boolean => doc.userId === accountId;

export const canSeePlugin = (accountId: string, doc: PluginDoc): boolean =>
  ownsPlugin(accountId, doc) || doc.isPublic;
