/**
 * What the interface cannot show (invitations, activity-trail entries) is recorded here so the
 * project's unit tests can read it.
 */
export type ReferenceEvent =
  | { type: 'assistant.deleted'; accountId: string; customPersonaId: string; name: string; at: string }
  | { type: 'invitation.sent'; accountId: string; customPersonaId: string; email: string; at: string };

export class EventLog {
  private readonly entries: ReferenceEvent[] = [];

  record(event: ReferenceEvent): void {
    this.entries.push(event);
  }

  all(): readonly ReferenceEvent[] {
    return this.entries;
  }
}
