/**
 * Assistant-to-base attachments, shared by the assistant routes (get shows `attached_kbs`, delete
 * removes them) and the knowledge-base routes (attach, patch, detach, delete base).
 */
export type GroundingMode = 'strict' | 'supplemental';

export interface Attachment {
  kbId: string;
  enabled: boolean;
  grounding_mode: GroundingMode;
}

/** Keyed by the assistant's `customPersonaId`, which is unique platform-wide. */
export class AttachmentStore {
  private readonly byPersona = new Map<string, Attachment[]>();

  list(customPersonaId: string): Attachment[] {
    return this.byPersona.get(customPersonaId) ?? [];
  }

  find(customPersonaId: string, kbId: string): Attachment | undefined {
    return this.list(customPersonaId).find((a) => a.kbId === kbId);
  }

  /** Adds or replaces the attachment of `kbId`; the caller enforces the three-base limit. */
  put(customPersonaId: string, attachment: Attachment): void {
    const rest = this.list(customPersonaId).filter((a) => a.kbId !== attachment.kbId);
    this.byPersona.set(customPersonaId, [...rest, attachment]);
  }

  /** Adds an entry beside any the base already has: only the `kb.attach-again-duplicates` fault does. */
  append(customPersonaId: string, attachment: Attachment): void {
    this.byPersona.set(customPersonaId, [...this.list(customPersonaId), attachment]);
  }

  /** Attachments of every assistant: only the `kb.attach-limit-counts-all-assistants` fault counts these. */
  total(): number {
    let count = 0;
    for (const list of this.byPersona.values()) count += list.length;
    return count;
  }

  /** The assistants the base is attached to: only planted knowledge-base faults read these. */
  holders(kbId: string): string[] {
    return [...this.byPersona].filter(([, list]) => list.some((a) => a.kbId === kbId)).map(([id]) => id);
  }

  remove(customPersonaId: string, kbId: string): boolean {
    const list = this.list(customPersonaId);
    const rest = list.filter((a) => a.kbId !== kbId);
    this.byPersona.set(customPersonaId, rest);
    return rest.length !== list.length;
  }

  removePersona(customPersonaId: string): void {
    this.byPersona.delete(customPersonaId);
  }

  /** `firstOnly` is set only by the `kb.delete-base-detaches-first-only` fault: one assistant loses it. */
  removeBase(kbId: string, firstOnly = false): void {
    for (const [persona, list] of this.byPersona) {
      const rest = list.filter((a) => a.kbId !== kbId);
      this.byPersona.set(persona, rest);
      if (firstOnly && rest.length !== list.length) return;
    }
  }
}
