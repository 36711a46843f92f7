import type { ApiClient, CallInput, QueryValue } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';

/**
 * A kind of resource the suite makes on the target, as data: which operations make and remove it,
 * how the run's ledger names and finds it, how cleanup recognises it on an account, what a dry run
 * says about it, and a valid request for each of its operations (the scope matrix's). Every table
 * of the run (ledger, sweep, leftovers, dry-run plan, paginated collections, prepared requests)
 * reads these descriptors, so a new kind is one descriptor here plus its checks. Operation ids are
 * those of spec/openapi.yaml; a unit test holds every descriptor to it.
 */
export interface ResourceKind {
  /** How the ledger, cleanup and reports name it: `assistant`, `knowledge base`. */
  readonly name: string;
  /**
   * The kinds it lives in: deleting one of them removes it too (a document goes with its base), so
   * it needs no ledger entry of its own. A kind without a parent is `tracked`.
   */
  readonly parents?: readonly string[];
  /** The operations that make one. */
  readonly creates: readonly CreateOperation[];
  /** For a kind without a parent: how the run's ledger records it and the sweep removes it. */
  readonly tracked?: Tracked;
  /** How cleanup without a ledger finds the suite's own ones on an account by their run id. */
  readonly leftovers?: LeftoverListing;
  /** The operations listing it, by operation id (paginated ones are read by src/resources/pages.ts). */
  readonly lists?: Readonly<Record<string, Listing>>;
  /**
   * A valid request for each of its operations, by operation id; a tracked kind's create and delete
   * are derived from the descriptor (src/resources/kinds/requests.ts) and are not listed here.
   */
  readonly requests?: Readonly<Record<string, RequestBuilder>>;
}

/** A kind the run writes down in its ledger and removes itself. */
export type TrackedKind = ResourceKind & { readonly tracked: Tracked };

/**
 * A request that is valid for a key allowed to make it, on resources made for the purpose. A key
 * that must be refused then has nothing but its scope to be refused for, and a wrong
 * implementation that lets it through consumes only throwaway resources.
 */
export interface PreparedRequest {
  input: CallInput;
  /**
   * What the document says a key allowed to make the call gets for this request: the operation's
   * success (status and schema), or for a setup the document answers otherwise, a refusal of the
   * request itself (never one for scope).
   */
  documentedAnswer?: 'success' | 'refused';
  /** Called with the answer: registers what the call created, forgets what it deleted. */
  settle?: (exchange: Exchange) => void;
}

export type RequestBuilder = (bench: Bench) => PreparedRequest | Promise<PreparedRequest>;

/**
 * What prepared requests are made on: the file's shared resources of account A (made once, with the
 * full key) and throwaway ones (src/resources/operation-requests.ts's Workbench).
 */
export interface Bench {
  /** Unique to the run and file: in every name a request carries. */
  readonly prefix: string;
  /** Where the run serves the pages an ingest of a URL fetches. */
  readonly fixtureBaseUrl: string;
  persona(): Promise<{ customPersonaId: string }>;
  plugin(): Promise<{ title: string }>;
  /** A base holding one pasted-text document. */
  base(): Promise<{ kbId: string }>;
  /** A second base, attached and detached again by the detach checks. */
  detachableBase(): Promise<{ kbId: string }>;
  /** A create body of a tracked kind (by its name), its identity unique within the file. */
  createBody(kind: string, label: string): Promise<Record<string, unknown>>;
  /** One of a tracked kind made for a single request, which may delete or hand it over. */
  throwaway(kind: string, label: string): Promise<{ id: string; forget: () => void }>;
  /** Registers the removal of one of a tracked kind a request created. */
  track(kind: string, id: string): void;
  /** The object `_id` of an assistant (the transfer route's `personaId`). */
  personaObjectId(customPersonaId: string): Promise<string>;
  /** Pastes a text into a base; its docId. */
  ingestText(kbId: string, title: string, text: string): Promise<string>;
  attach(kbId: string, personaId: string): Promise<void>;
}

export interface CreateOperation {
  readonly operationId: string;
  /**
   * What `run --dry-run` says this create makes (`documents (text)`). None: it is not listed (an
   * attachment links two resources, it makes nothing new).
   */
  readonly planLabel?: string;
}

/** How the suite deletes one of a tracked kind (src/resources/kinds/delete.ts builds the usual two). */
export interface DeleteOperation {
  readonly operationId: string;
  /** The delete request for an identity. */
  readonly input: (id: string) => CallInput;
  /** The identity a delete request names (to mark it deleted in the ledger). */
  readonly idOf: (input: CallInput) => unknown;
}

interface Tracked {
  /** The create body's field holding the identity a delete takes, when the suite chooses it. */
  readonly idInBody?: string;
  /** The create answer's field holding that identity, when the server chooses it. */
  readonly idInAnswer?: string;
  /** The create body's field holding its name, written down too. */
  readonly nameField: string;
  /** May be handed to the other account (a transfer), so the sweep looks for it on both. */
  readonly transferable?: boolean;
  readonly delete: DeleteOperation;
  /**
   * Whether the account still has it, by a read (true, false, or why it could not be told): the
   * status a delete of something absent gets is not stated, so absence is never judged from it.
   */
  readonly present: (client: ApiClient, id: string) => Promise<boolean | string>;
  /**
   * The identities of the account's own ones named exactly `name`, or why they could not be read:
   * how the sweep finds one whose create was never answered, when the server chooses the identity.
   */
  readonly findByName?: (client: ApiClient, name: string) => Promise<string[] | string>;
}

/** Where a listing's items are. */
export interface Listing {
  /** The answer's field holding the items. */
  readonly items: string;
  /** The answer's field holding the total count: present on a paginated collection. */
  readonly total?: string;
  /** Path parameters the route needs (the vestigial `sessionId` / `userId`). */
  readonly path?: Readonly<Record<string, string>>;
  /** For a search: the query parameter its term goes in. */
  readonly search?: string;
}

export interface LeftoverListing {
  /** `assistants`, as in "could not list assistants". */
  readonly plural: string;
  /** One of the kind's `lists`: the read that reaches the account's own ones. */
  readonly list: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Fields of an item any of which starting with the run's id marks it as the suite's. */
  readonly marked: readonly string[];
  /** The item's field holding the identity a delete takes. */
  readonly id: string;
  /** How it reads in cleanup's report. */
  readonly label: (item: Readonly<Record<string, unknown>>) => string;
  /** Whether an item is the account's own (a base shared with it is not); default every item. */
  readonly own?: (item: Readonly<Record<string, unknown>>) => boolean;
}
