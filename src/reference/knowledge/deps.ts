import type { AttachmentStore } from '../attachments.ts';
import type { EventLog } from '../events.ts';
import type { FaultSwitch } from '../fault-switch.ts';

/**
 * Fetches a page for ingest-url and re-crawls; the default is `fetchPage` of fetch-page.ts (undici). It rejects
 * when the page cannot be had; `signal` aborts it when the server closes.
 */
export type PageFetcher = (url: string, signal: AbortSignal) => Promise<FetchedPage>;

export interface FetchedPage {
  /** The media type without parameters, lower case (`text/html`); empty when the server sent none. */
  contentType: string;
  body: string;
}

/**
 * What the knowledge-base routes need from the rest of the reference. The server wires the first
 * four; the optional ones exist so unit tests and the benchmark can tune behaviour.
 */
export interface KnowledgeDeps {
  attachments: AttachmentStore;
  /** The assistant `accountId` can see, by `customPersonaId`; undefined when unknown or invisible. */
  findPersona(accountId: string, customPersonaId: string): { customPersonaId: string } | undefined;
  events: EventLog;
  /** Planted faults for the self-test; the ids this module honours are in faults.ts. */
  faults: FaultSwitch;
  /** Replaces the HTTP fetch of ingest-url and re-crawls (tests). */
  fetchPage?: PageFetcher;
  /** Milliseconds since the epoch; replaces Date.now (tests). */
  now?: () => number;
  /** Bases granted across accounts, to show `shared: true`. None by default; see README-section.md. */
  sharedSeeds?: readonly SharedBaseSeed[];
}

/** A base owned by `ownerAccountId`, created at start-up and granted read access to `granteeAccountId`. */
export interface SharedBaseSeed {
  ownerAccountId: string;
  granteeAccountId: string;
  name: string;
  description?: string;
  /** Ingested as one vector-tier document titled after the base. */
  text?: string;
}
