import { inListOrder, matchesWordPrefix, openPoints } from '../open-points.ts';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import { operationRoute } from '../http/operation-route.ts';
import {
  queryOf,
  readEnum,
  readList,
  readPaging,
  readRequiredString,
  readString,
  type Paging,
  type Query,
} from '../http/query.ts';
import { OS_NAMES, type OsName } from '../platforms.ts';
import type { StateOptions } from '../state.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import { canSeePlugin, ownsPlugin, type PluginDoc } from './store.ts';
import { catalogBody, catalogItem, pluginDetail } from './views.ts';
import { withBodyFaults, withDetailFaults, withItemFaults, type CatalogRoute } from './read-faults.ts';
import { queryCatalog, type CatalogFilter } from './catalog-query.ts';
import {
  deletedListed,
  detailedDoc,
  inPublicCatalog,
  listedDoc,
  onEveryPlatform,
  pagingFaults,
  pagingOf,
  platformsOf,
  visibilitySkipped,
  withSearchIndexFaults,
  type Explicit,
} from './history-faults.ts';

const LIST_LIMIT = 50;
const SEARCH_LIMIT = 20;

/**
 * `all` (the default) or a comma-separated list of platforms. Without `os` nothing is filtered, so a
 * plugin sent with `os: []` (presence is what create checks) is listed too.
 */
function readOs(query: Query, fallback: readonly OsName[] | 'all' = 'all'): readonly OsName[] | 'all' {
  const os = readString(query, 'os');
  if (os === undefined) return fallback;
  return os === 'all' ? 'all' : readList(query, 'os', OS_NAMES, OS_NAMES);
}

/** The planted faults' default platform (the assistant routes' `nt`), instead of `all`. */
const NT_ONLY: readonly OsName[] = ['nt'];

const targets = (doc: PluginDoc, os: readonly OsName[] | 'all'): boolean =>
  os === 'all' || doc.os.some((o) => os.includes(o));

function matchesTerm(doc: PluginDoc, term: string): boolean {
  // The alternative personality: a word of the title or name starts with the term.
  if (openPoints().pluginSearch === 'word-prefix-title-name')
    return [doc.title, doc.name].some((field) => matchesWordPrefix(field, term));
  const needle = term.trim().toLowerCase();
  return [doc.title, doc.name, doc.human_description].some((field) => field.toLowerCase().includes(needle));
}

/** Newest first (the alternative personality: oldest first). */
const newestFirst = (docs: PluginDoc[]): PluginDoc[] => inListOrder(docs.reverse());

/** List, get and search. */
export const pluginReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: PluginFault) => pluginFault(state.faults, id);
  const item = (request: FastifyRequest, route: CatalogRoute) => (doc: PluginDoc) => {
    const shown = route === 'list' ? listedDoc(doc, state.plugins, state.faults) : doc;
    const listed = catalogItem(shown, request.caller.accountId, state.accounts);
    const answer = withItemFaults(listed, shown, route, state.faults, state.cipher);
    return route === 'search' ? withSearchIndexFaults(answer, doc, state.plugins, state.faults) : answer;
  };
  const body = (
    candidates: PluginDoc[],
    filters: CatalogFilter[],
    paging: Paging,
    request: FastifyRequest,
    route: CatalogRoute,
    countedToo: readonly PluginDoc[] = [],
  ) => {
    const { matched, page } = queryCatalog(
      newestFirst(candidates),
      filters,
      paging,
      pagingFaults(route, state.faults, countedToo),
    );
    const answer = catalogBody(matched, page, item(request, route), state.faults);
    return withBodyFaults(answer, route, state.faults);
  };

  api.route({
    ...operationRoute('listPlugins'),
    handler: (request) => {
      const query = queryOf(request);
      const visibility = readEnum(
        query,
        'isPublic',
        ['public', 'private', 'all'],
        fault('plugins.list-default-public') ? 'public' : 'all',
      );
      const statuses = ['all', 'approved', 'pending'] as const;
      const accepted = fault('plugins.status-pending-refused') ? statuses.slice(0, 2) : statuses;
      const statusFilter = readEnum(query, 'status', accepted, 'all');
      const status = fault('plugins.status-filter-ignored')
        ? 'all'
        : fault('plugins.status-all-means-approved') && statusFilter === 'all'
          ? 'approved'
          : statusFilter;
      const os = readOs(query, fault('plugins.list-os-default-nt') ? NT_ONLY : 'all');
      const limit = fault('plugins.list-limit-20') ? 20 : fault('plugins.list-limit-100') ? 100 : LIST_LIMIT;
      const paging = pagingOf('list', readPaging(query, limit), LIST_LIMIT, state.faults);
      if (fault('plugins.list-page-ignored')) paging.page = 1;
      if (fault('plugins.list-limit-param-ignored')) paging.limit = LIST_LIMIT;
      if (fault('plugins.list-limit-one-gives-two')) paging.limit = Math.max(paging.limit, 2);
      const osFilter = fault('plugins.list-os-filter-ignored') ? 'all' : os;
      const { accountId } = request.caller;
      const explicit: Explicit = { os: osFilter !== 'all', status: status !== 'all' };
      const visible = (doc: PluginDoc) => {
        const ownCatalog =
          ownsPlugin(accountId, doc) ||
          (fault('plugins.private-includes-public') && doc.isPublic) ||
          (fault('plugins.private-lists-all-unpublished') && !doc.isPublic);
        if (visibility === 'private' && !ownCatalog) return false;
        const published =
          (inPublicCatalog(doc, accountId, state.plugins, state.faults) &&
            (!fault('plugins.public-catalog-own-only') || ownsPlugin(accountId, doc))) ||
          fault('plugins.public-includes-private');
        if (visibility === 'public' && !published) return false;
        if (visibility === 'all' && !canSeePlugin(accountId, doc)) return false;
        if (visibility === 'all' && fault('plugins.list-all-public-only') && !doc.isPublic) return false;
        return true;
      };
      const skipped = visibilitySkipped('list', explicit, state.faults) && visibility === 'all';
      const filters: CatalogFilter[] = [
        {
          keep: (doc) => skipped || visible(doc),
          late: fault('plugins.list-visibility-after-slice'),
          ...(fault('plugins.total-ignores-is-public')
            ? { countAs: (doc: PluginDoc) => canSeePlugin(accountId, doc) }
            : {}),
        },
        {
          keep: (doc) =>
            status === 'all' || (doc.status === status && !fault('plugins.status-filters-list-nothing')),
          late: fault('plugins.list-status-after-slice'),
          ...(fault('plugins.total-ignores-status') ? { countAs: () => true } : {}),
        },
        {
          keep: (doc) => targets(platformsOf(doc, state.plugins, 'list', state.faults), osFilter),
          late: fault('plugins.list-os-after-slice'),
          ...(fault('plugins.total-ignores-os') ? { countAs: () => true } : {}),
        },
      ];
      const candidates = [
        ...state.plugins.all(),
        ...deletedListed(state.plugins, accountId, visibility, explicit, state.faults),
      ];
      // The planted fault counts the caller's deleted plugins that the filters would match.
      const countedToo = fault('plugins.deleted-still-counted')
        ? state.plugins
            .removed()
            .filter((doc) => ownsPlugin(accountId, doc) && filters.every((f) => f.keep(doc)))
        : [];
      return body(candidates, filters, paging, request, 'list', countedToo);
    },
  });

  api.route({
    ...operationRoute('searchPlugins'),
    handler: (request) => {
      const query = queryOf(request);
      const term = readRequiredString(query, 'search');
      const os = readOs(query, fault('plugins.search-os-default-nt') ? NT_ONLY : 'all');
      const limit = fault('plugins.search-limit-50')
        ? 50
        : fault('plugins.search-limit-10')
          ? 10
          : SEARCH_LIMIT;
      const paging = pagingOf('search', readPaging(query, limit), SEARCH_LIMIT, state.faults);
      if (fault('plugins.search-page-off-by-one')) paging.page += 1;
      if (fault('plugins.search-limit-param-ignored')) paging.limit = SEARCH_LIMIT;
      if (fault('plugins.search-limit-one-gives-two')) paging.limit = Math.max(paging.limit, 2);
      const osFilter = fault('plugins.search-os-filter-ignored') ? 'all' : os;
      const { accountId } = request.caller;
      const explicit: Explicit = { os: osFilter !== 'all', status: false };
      // The planted fault searches only the caller's unpublished plugins.
      const covered = (doc: PluginDoc) =>
        fault('plugins.search-unpublished-only')
          ? ownsPlugin(accountId, doc) && !doc.isPublic
          : visibilitySkipped('search', explicit, state.faults) || canSeePlugin(accountId, doc);
      const everyPlatform =
        fault('plugins.search-os-default-every-platform') && readString(query, 'os') === undefined;
      const filters: CatalogFilter[] = [
        { keep: covered },
        {
          keep: (doc) =>
            targets(platformsOf(doc, state.plugins, 'search', state.faults), osFilter) &&
            (!everyPlatform || onEveryPlatform(doc)),
          late: fault('plugins.search-os-after-slice'),
          ...(fault('plugins.search-total-ignores-os') ? { countAs: () => true } : {}),
        },
        { keep: (doc) => matchesTerm(doc, term), late: fault('plugins.search-term-after-slice') },
      ];
      const candidates = [
        ...state.plugins.all(),
        ...(fault('plugins.deleted-still-searched') ? state.plugins.removed() : []),
      ];
      const answer = body(candidates, filters, paging, request, 'search');
      // The planted fault counts every plugin the search covers, not the matches.
      if ('plugin' in answer && fault('plugins.search-total-counts-all'))
        answer.totalPlugins = state.plugins.all().filter(covered).length;
      return answer;
    },
  });

  api.route({
    ...operationRoute('getPlugin'),
    handler: (request) => {
      const from = fault('plugins.get-title-from-body') ? ((request.body ?? {}) as Query) : queryOf(request);
      const title = readRequiredString(from, 'title');
      // The planted fault still finds a deleted plugin.
      const doc =
        state.plugins.get(title) ??
        (fault('plugins.deleted-still-gettable')
          ? state.plugins.removed().find((removed) => removed.title === title)
          : undefined);
      if (!doc || !canSeePlugin(request.caller.accountId, doc)) throw notFound(`no plugin titled ${title}`);
      const shown = detailedDoc(doc, state.plugins, state.faults);
      const plugin = withDetailFaults(
        pluginDetail(shown, request.caller.accountId, state.accounts, state.cipher),
        state.faults,
      );
      if (fault('plugins.is-owner-always-true')) plugin.isOwner = true;
      if (fault('plugins.is-owner-from-public')) plugin.isOwner = doc.isPublic;
      const status = fault('plugins.get-status-boolean') ? true : 'true';
      return fault('plugins.get-data-key') ? { status, data: plugin } : { status, plugin };
    },
  });

  done();
};
