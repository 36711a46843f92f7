import type { FaultCheck, KnowledgeFault } from './faults.ts';

/** The read views a planted fault may serve from a copy. */
export type CachedView = 'list' | 'stats' | 'documents' | 'persona';

/** The writes that change what the views show. */
export type ViewWrite =
  | 'create-base'
  | 'ingest-text'
  | 'ingest-url'
  | 'upload'
  | 'delete-document'
  | 'delete-base'
  | 'auto-refresh'
  | 'refresh-now'
  | 'attach'
  | 'reattach'
  | 'update'
  | 'detach';

/** Each `*-stale-after-*` fault: the view it serves from a copy, and the write path that forgets to drop it. */
const STALE_FAULTS = {
  'kb.list-stale-after-ingest-url': ['list', ['ingest-url']],
  'kb.list-stale-after-upload': ['list', ['upload']],
  'kb.list-stale-after-document-delete': ['list', ['delete-document']],
  'kb.list-stale-after-auto-refresh': ['list', ['auto-refresh']],
  'kb.list-stale-after-base-delete': ['list', ['delete-base']],
  'kb.stats-stale-after-ingest-url': ['stats', ['ingest-url']],
  'kb.stats-stale-after-upload': ['stats', ['upload']],
  'kb.stats-stale-after-document-delete': ['stats', ['delete-document']],
  'kb.documents-stale-after-ingest-url': ['documents', ['ingest-url']],
  'kb.documents-stale-after-upload': ['documents', ['upload']],
  'kb.documents-stale-after-document-delete': ['documents', ['delete-document']],
  'kb.persona-view-stale-after-update': ['persona', ['update']],
  'kb.persona-view-stale-after-reattach': ['persona', ['reattach']],
  'kb.persona-view-stale-after-detach': ['persona', ['detach']],
  'kb.persona-view-stale-after-base-delete': ['persona', ['delete-base']],
  'kb.persona-view-stale-after-ingest': ['persona', ['ingest-text', 'ingest-url', 'upload']],
  'kb.persona-view-stale-after-document-delete': ['persona', ['delete-document']],
} as const satisfies Partial<Record<KnowledgeFault, readonly [CachedView, readonly ViewWrite[]]>>;

type StaleFault = keyof typeof STALE_FAULTS;
const STALE_IDS = Object.keys(STALE_FAULTS) as StaleFault[];

/**
 * Copies of rendered read answers, kept only while a planted `*-stale-after-*` fault is on (the
 * correct reference renders every read afresh). Every write drops every copy, except the one the
 * planted fault's write path forgets: the bug of a cache invalidated by hand on each write path.
 */
export class StaleViews {
  private readonly copies = new Map<CachedView, Map<string, unknown>>();

  constructor(private readonly fault: FaultCheck) {}

  /** The view's answer for `key`: rendered afresh, or the copy a planted fault keeps. */
  read<T>(view: CachedView, key: string, render: () => T): T {
    if (!STALE_IDS.some((id) => this.fault(id) && STALE_FAULTS[id][0] === view)) return render();
    const copies = this.copies.get(view) ?? new Map<string, unknown>();
    this.copies.set(view, copies);
    if (!copies.has(key)) copies.set(key, render());
    return copies.get(key) as T;
  }

  /** A write happened: every copy goes, but the one a planted fault's path forgets. */
  wrote(write: ViewWrite): void {
    for (const view of this.copies.keys()) {
      const forgotten = STALE_IDS.some((id) => {
        const [staleView, writes] = STALE_FAULTS[id];
        return this.fault(id) && staleView === view && (writes as readonly ViewWrite[]).includes(write);
      });
      if (!forgotten) this.copies.delete(view);
    }
  }
}
