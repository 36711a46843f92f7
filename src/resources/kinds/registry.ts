import { ASSISTANT } from './assistant.ts';
import { ATTACHMENT, DOCUMENT, SHARE_LINK } from './children.ts';
import type { CreateOperation, Listing, RequestBuilder, ResourceKind, TrackedKind } from './kind.ts';
import { KNOWLEDGE_BASE } from './knowledge-base.ts';
import { PLUGIN } from './plugin.ts';
import { creating, deleting } from './requests.ts';

/**
 * The kinds a run knows, looked up the ways the ledger, the sweep, cleanup and the dry-run plan
 * need. Their order is the sweep's: assistants first (their attachments and share links go with
 * them), then plugins, then bases.
 */
export class KindRegistry {
  private readonly byCreate = new Map<string, { kind: ResourceKind; create: CreateOperation }>();
  private readonly byDelete = new Map<string, TrackedKind>();
  private readonly byName = new Map<string, ResourceKind>();
  private readonly requests = new Map<string, RequestBuilder>();

  constructor(readonly kinds: readonly ResourceKind[]) {
    for (const kind of kinds) {
      if (this.byName.has(kind.name)) throw new Error(`resource kinds: "${kind.name}" is described twice`);
      this.byName.set(kind.name, kind);
    }
    for (const kind of kinds) {
      // A kind that neither the ledger tracks nor a parent takes with it would be left behind.
      if (kind.tracked === undefined && (kind.parents ?? []).length === 0)
        throw new Error(`resource kinds: "${kind.name}" is neither tracked nor part of another kind`);
      for (const parent of kind.parents ?? [])
        if (!this.byName.has(parent))
          throw new Error(`resource kinds: "${kind.name}" lives in "${parent}", which is not described`);
      for (const create of kind.creates) {
        if (this.byCreate.has(create.operationId))
          throw new Error(`resource kinds: ${create.operationId} creates two kinds`);
        this.byCreate.set(create.operationId, { kind, create });
      }
      if (kind.tracked !== undefined) {
        const tracked: TrackedKind = { ...kind, tracked: kind.tracked };
        this.byDelete.set(kind.tracked.delete.operationId, tracked);
        this.addRequest(kind.creates[0]?.operationId, creating(tracked));
        this.addRequest(kind.tracked.delete.operationId, deleting(tracked));
      }
      for (const [operationId, build] of Object.entries(kind.requests ?? {}))
        this.addRequest(operationId, build);
    }
  }

  private addRequest(operationId: string | undefined, build: RequestBuilder): void {
    if (operationId === undefined) return;
    if (this.requests.has(operationId))
      throw new Error(`resource kinds: ${operationId} has two prepared requests`);
    this.requests.set(operationId, build);
  }

  /** How a valid request for an operation on a kind is made (undefined: no kind has the operation). */
  request(operationId: string): RequestBuilder | undefined {
    return this.requests.get(operationId);
  }

  /** The kinds the run tracks itself, in the sweep's order. */
  trackedKinds(): TrackedKind[] {
    return this.kinds.flatMap((kind) =>
      kind.tracked === undefined ? [] : [{ ...kind, tracked: kind.tracked }],
    );
  }

  /** The tracked kind a create operation makes (undefined: the operation makes none). */
  trackedCreate(operationId: string): TrackedKind | undefined {
    const kind = this.byCreate.get(operationId)?.kind;
    return kind?.tracked === undefined ? undefined : { ...kind, tracked: kind.tracked };
  }

  /** The tracked kind a delete operation removes. */
  trackedDelete(operationId: string): TrackedKind | undefined {
    return this.byDelete.get(operationId);
  }

  /** A tracked kind by the name the ledger gives it. */
  tracked(name: string): TrackedKind | undefined {
    const kind = this.byName.get(name);
    return kind?.tracked === undefined ? undefined : { ...kind, tracked: kind.tracked };
  }

  /** Where in the sweep's order a kind comes (an unknown one last). */
  sweepRank(name: string): number {
    const index = this.kinds.findIndex((kind) => kind.name === name);
    return index === -1 ? this.kinds.length : index;
  }

  /** What `run --dry-run` says a create operation makes. */
  planLabel(operationId: string): string | undefined {
    return this.byCreate.get(operationId)?.create.planLabel;
  }
}

/** Every kind a run makes. */
export const RESOURCE_KINDS = [ASSISTANT, PLUGIN, KNOWLEDGE_BASE, DOCUMENT, ATTACHMENT, SHARE_LINK] as const;

export const KINDS = new KindRegistry(RESOURCE_KINDS);

/** The operations of a kind's `lists` that are paginated (carry a total). */
type PagedOf<K> = K extends { readonly lists: infer L }
  ? { [O in keyof L]: L[O] extends { readonly total: string } ? O : never }[keyof L]
  : never;

/** The paginated collections of the document, by operation id. */
export type CollectionOperation = PagedOf<(typeof RESOURCE_KINDS)[number]>;

/** Every paginated collection, with where its items are. */
export const COLLECTIONS = Object.fromEntries(
  RESOURCE_KINDS.flatMap((kind): Array<[string, Listing]> =>
    'lists' in kind ? Object.entries(kind.lists).filter(([, listing]) => 'total' in listing) : [],
  ),
) as Record<CollectionOperation, Listing & { total: string }>;
