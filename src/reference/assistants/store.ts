import type { OsName } from '../platforms.ts';

/** The assistant document as the reference keeps it (wire names; no account data). */
export interface PersonaDoc {
  _id: string;
  customPersonaId: string;
  name: string;
  title: string;
  base_sys_prompt: string;
  voice: string;
  isPublic: boolean;
  tags: string[];
  personality?: string;
  gender?: string;
  languages: string[];
  behavior: string[];
  hobbies: string[];
  accessible_rag_folders: string[];
  os: OsName[];
  Is_main_agent: boolean;
  is_agentic_tool: boolean;
  accessible_plugin: string[];
  authorised_users_email: string[];
  logo?: string;
  voice_language?: string;
  createdAt: string;
  updatedAt: string;
}

export interface PersonaRecord {
  doc: PersonaDoc;
  ownerAccountId: string;
  /** Accounts that kept full-access editing after handing the assistant over (`keepAccess`). */
  editors: Set<string>;
  /**
   * Accounts whose owner email is in `authorised_users_email` ("email addresses granted access"):
   * they see the assistant as granted (`isPublic=private`, get) but do not own or edit it.
   */
  grantees: Set<string>;
  /**
   * Set only under a planted soft-delete fault (`assistants.delete-soft`, `assistants.deleted-*`):
   * the record stays in the store and each route decides whether it still shows it.
   */
  softDeleted?: boolean;
  /** The document as created: what a view serving a copy no update refreshed shows (planted faults). */
  asCreated: PersonaDoc;
  /** The account that created the assistant, which a transfer does not change (planted faults). */
  creatorAccountId: string;
}

/** All assistants of the platform, keyed by `customPersonaId` (unique platform-wide). */
export class PersonaStore {
  private readonly byCustomId = new Map<string, PersonaRecord>();

  add(record: PersonaRecord): void {
    this.byCustomId.set(record.doc.customPersonaId, record);
  }

  has(customPersonaId: string): boolean {
    return this.byCustomId.has(customPersonaId);
  }

  get(customPersonaId: string): PersonaRecord | undefined {
    return this.byCustomId.get(customPersonaId);
  }

  /** The record unless it was soft-deleted (planted faults): what the write routes act on. */
  live(customPersonaId: string): PersonaRecord | undefined {
    const record = this.byCustomId.get(customPersonaId);
    return record?.softDeleted ? undefined : record;
  }

  getByObjectId(id: string): PersonaRecord | undefined {
    const wanted = id.toLowerCase();
    for (const record of this.byCustomId.values())
      if (record.doc._id === wanted && !record.softDeleted) return record;
    return undefined;
  }

  remove(customPersonaId: string): void {
    this.byCustomId.delete(customPersonaId);
  }

  all(): PersonaRecord[] {
    return [...this.byCustomId.values()];
  }
}

export const isOwner = (accountId: string, record: PersonaRecord): boolean =>
  record.ownerAccountId === accountId;

/** The owner and a `keepAccess` editor may update and share; only the owner deletes or transfers. */
export const canEdit = (accountId: string, record: PersonaRecord): boolean =>
  isOwner(accountId, record) || record.editors.has(accountId);

/** Owned or granted (an editor, or an account granted access by email): what `isPublic=private` lists. */
export const isOwnedOrGranted = (accountId: string, record: PersonaRecord): boolean =>
  canEdit(accountId, record) || record.grantees.has(accountId);

/** An account sees its own assistants, those it was granted, and every public one. */
export const canSee = (accountId: string, record: PersonaRecord): boolean =>
  isOwnedOrGranted(accountId, record) || record.doc.isPublic;

/** The visible assistant with that `customPersonaId`, for the knowledge-base routes. */
export function findVisible(
  store: PersonaStore,
  accountId: string,
  customPersonaId: string,
): PersonaRecord | undefined {
  const record = store.get(customPersonaId);
  return record && canSee(accountId, record) ? record : undefined;
}
