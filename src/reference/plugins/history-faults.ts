import type { FaultSwitch } from '../fault-switch.ts';
import type { Paging } from '../http/query.ts';
import { OS_NAMES } from '../platforms.ts';
import type { FieldCipher } from './cipher.ts';
import type { PagingFaults } from './catalog-query.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import { ownsPlugin, type PluginDoc, type PluginStore } from './store.ts';

/*
 * The planted faults that live between the rows (self-test only): views serving a copy an update
 * did not refresh, deletes that only mark, filters and counts that disagree with the page, and
 * writes that reach a sibling. Each is one small change; the routes stay what the document asks for.
 */

type Route = 'list' | 'search';

/** A copy of `doc` with the fields an update forgot to refresh taken from its first version. */
function staleCopy(doc: PluginDoc, store: PluginStore, fields: ReadonlyArray<keyof PluginDoc>): PluginDoc {
  const created = store.created(doc);
  return { ...doc, ...Object.fromEntries(fields.map((field) => [field, created[field]])) };
}

/** The plugin a list item is built from. */
export function listedDoc(doc: PluginDoc, store: PluginStore, faults: FaultSwitch): PluginDoc {
  if (pluginFault(faults, 'plugins.list-item-stale-after-update'))
    return staleCopy(doc, store, ['name', 'tags', 'os', 'isPublic']);
  if (pluginFault(faults, 'plugins.list-is-public-stale')) return staleCopy(doc, store, ['isPublic']);
  return doc;
}

/** The plugin get shows. */
export function detailedDoc(doc: PluginDoc, store: PluginStore, faults: FaultSwitch): PluginDoc {
  if (pluginFault(faults, 'plugins.get-stale-after-update'))
    return staleCopy(doc, store, ['name', 'human_description']);
  if (pluginFault(faults, 'plugins.get-is-public-stale')) return staleCopy(doc, store, ['isPublic']);
  return doc;
}

/** A search item as a search index an update wrote in clear would give it. */
export function withSearchIndexFaults(
  item: Record<string, unknown>,
  doc: PluginDoc,
  store: PluginStore,
  faults: FaultSwitch,
): Record<string, unknown> {
  if (!pluginFault(faults, 'plugins.search-index-code-clear-after-update')) return item;
  const { func_run: indexed } = store.indexed(doc.title);
  return indexed === undefined ? item : { ...item, func_run: indexed };
}

/** The plugin the platform filter reads. */
export function platformsOf(
  doc: PluginDoc,
  store: PluginStore,
  route: Route,
  faults: FaultSwitch,
): PluginDoc {
  const id: PluginFault =
    route === 'list' ? 'plugins.list-os-filter-stale' : 'plugins.search-os-stale-after-update';
  return pluginFault(faults, id) ? store.created(doc) : doc;
}

/** Whether the public catalog holds the plugin, as `accountId` reads it. */
export function inPublicCatalog(
  doc: PluginDoc,
  accountId: string,
  store: PluginStore,
  faults: FaultSwitch,
): boolean {
  const created = store.created(doc);
  if (pluginFault(faults, 'plugins.publish-not-in-public-catalog')) return doc.isPublic && created.isPublic;
  if (pluginFault(faults, 'plugins.unpublish-stays-in-public-catalog') && !ownsPlugin(accountId, doc))
    return doc.isPublic || created.isPublic;
  return doc.isPublic;
}

/** What the filters explicitly asked for: a faulty route treats those queries differently. */
export interface Explicit {
  os: boolean;
  status: boolean;
}

/** Deleted plugins a faulty list still reads beside the live ones. */
export function deletedListed(
  store: PluginStore,
  accountId: string,
  visibility: string,
  explicit: Explicit,
  faults: FaultSwitch,
): PluginDoc[] {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  if (
    (fault('plugins.deleted-listed-under-status') && explicit.status) ||
    (fault('plugins.deleted-listed-under-os') && explicit.os)
  )
    return store.removed();
  if (fault('plugins.deleted-in-others-public-catalog') && visibility === 'public')
    return store.removed().filter((doc) => doc.isPublic && !ownsPlugin(accountId, doc));
  return [];
}

/** Whether a faulty read skips the visibility rule for this query. */
export function visibilitySkipped(route: Route, explicit: Explicit, faults: FaultSwitch): boolean {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  if (route === 'search')
    return (
      fault('plugins.search-finds-others-private') ||
      (fault('plugins.search-os-filter-skips-visibility') && explicit.os)
    );
  return (
    (fault('plugins.list-os-filter-skips-visibility') && explicit.os) ||
    (fault('plugins.list-status-filter-skips-visibility') && explicit.status)
  );
}

/** A search without `os` that finds only plugins on every platform (a default list matched with every()). */
export const onEveryPlatform = (doc: PluginDoc): boolean => OS_NAMES.every((os) => doc.os.includes(os));

const lastPageTooMany = (total: number, limit: number): number =>
  total === 0 ? 0 : Math.floor(total / limit) + 1;

/** How a faulty route cuts and counts its pages. */
export function pagingFaults(
  route: Route,
  faults: FaultSwitch,
  countedToo: readonly PluginDoc[],
): PagingFaults {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  if (route === 'list')
    return {
      ...(fault('plugins.list-page-gap') ? { start: (page, limit) => (page - 1) * (limit + 1) } : {}),
      ...(fault('plugins.list-total-pages-exact-multiple') ? { totalPages: lastPageTooMany } : {}),
      ...(fault('plugins.list-current-page-zero-based') ? { currentPage: (page) => page - 1 } : {}),
      ...(countedToo.length > 0 ? { alsoCounted: countedToo } : {}),
    };
  return {
    ...(fault('plugins.search-page-overlap') ? { start: (page, limit) => (page - 1) * limit - 1 } : {}),
    ...(fault('plugins.search-total-pages-exact-multiple') ? { totalPages: lastPageTooMany } : {}),
    ...(fault('plugins.search-current-page-always-one') ? { currentPage: () => 1 } : {}),
  };
}

/** The page size: the planted faults read limit=1 as no limit. */
export function pagingOf(route: Route, paging: Paging, fallback: number, faults: FaultSwitch): Paging {
  const id: PluginFault =
    route === 'list' ? 'plugins.list-limit-one-ignored' : 'plugins.search-limit-one-ignored';
  return pluginFault(faults, id) && paging.limit === 1 ? { ...paging, limit: fallback } : paging;
}

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** How a faulty update path stores the code it was sent (the create path always encrypts). */
export function storedCode(
  field: 'func_schema' | 'func_run',
  value: string,
  cipher: FieldCipher,
  faults: FaultSwitch,
): string {
  if (pluginFault(faults, 'plugins.update-code-stored-clear')) return value;
  if (field === 'func_schema' && pluginFault(faults, 'plugins.update-schema-stored-base64'))
    return base64(value);
  return cipher.encrypt(value);
}

/** The caller's other plugins a faulty write also reaches: those whose title starts with `title`. */
export function prefixSiblings(
  store: PluginStore,
  accountId: string,
  title: string,
  faults: FaultSwitch,
  id: 'plugins.update-title-prefix-match' | 'plugins.delete-title-prefix-match',
): PluginDoc[] {
  if (!pluginFault(faults, id)) return [];
  return store
    .all()
    .filter((doc) => doc.title !== title && doc.title.startsWith(title) && ownsPlugin(accountId, doc));
}
