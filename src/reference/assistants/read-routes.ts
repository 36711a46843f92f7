import { inListOrder, openPoints } from '../open-points.ts';
import type { FastifyPluginCallback } from 'fastify';
import { badRequest, notFound, statedStatus } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import { paginate, type Page } from '../http/pagination.ts';
import type { StateOptions } from '../state.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import {
  matches,
  matchesTerm,
  readListQuery,
  readSearchQuery,
  relaxFilter,
  type PersonaFilter,
} from './list-filters.ts';
import { canSee, isOwner, type PersonaRecord } from './store.ts';
import { fullDocument, listItem, searchItem } from './views.ts';

/** Newest first: the store keeps creation order (the alternative personality: oldest first). */
const newestFirst = (records: PersonaRecord[]): PersonaRecord[] => inListOrder(records.reverse());

/** `totalPages` of an empty result: 0, or one empty page in the alternative personality. */
const emptyTotalPages = (totalPages: number): number =>
  totalPages === 0 ? openPoints().emptyTotalPages : totalPages;

/**
 * `totalPages` for `total` items: the page's own count when the total is the page's, else counted
 * again; `floor + 1` is one page too many at every exact multiple (planted faults).
 */
function pagesFor(total: number, page: Page<unknown>, limit: number, floorPlusOne: boolean): number {
  if (floorPlusOne) return Math.floor(total / limit) + 1;
  return total === page.total ? page.totalPages : Math.ceil(total / limit);
}

/** Whether a relaxed filter (planted faults) is the query's own. */
const sameFilter = (a: PersonaFilter, b: PersonaFilter): boolean =>
  a.visibility === b.visibility && a.mainAgent === b.mainAgent && a.os === b.os;

/** List, search and get. */
export const personaReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);
  /** Planted faults only: the first ret=count of each account and query, and list items' bases. */
  const countCache = new Map<string, number>();
  const attachedCache = new Map<string, { updatedAt: string; kbs: unknown }>();

  /** Whether a soft-deleted record (planted faults) still shows on a list under this filter. */
  const listedAfterDelete = (record: PersonaRecord, visibility: PersonaFilter['visibility']): boolean =>
    !record.softDeleted ||
    (visibility === 'private' && fault('assistants.deleted-in-private-list')) ||
    (visibility === 'public' && fault('assistants.deleted-in-public-catalog'));

  /** The count ret=count answers, with the planted faults of the count path. */
  function countOf(accountId: string, query: PersonaFilter): number {
    const filter = relaxFilter(query, {
      visibility: fault('assistants.count-ignores-is-public'),
      mainAgent: fault('assistants.count-ignores-main-agent'),
      os: fault('assistants.count-ignores-os'),
    });
    const count = state.personas
      .all()
      .filter(
        (r) =>
          (listedAfterDelete(r, filter.visibility) || fault('assistants.deleted-counted')) &&
          matches(accountId, r, filter, state.faults),
      ).length;
    if (!fault('assistants.count-cached')) return count;
    const key = `${accountId} ${JSON.stringify(filter)}`;
    if (!countCache.has(key)) countCache.set(key, count);
    return countCache.get(key)!;
  }

  /** attached_kbs as first listed, refreshed only when the assistant's document changes (planted fault). */
  function cachedAttachments(record: PersonaRecord, item: Record<string, unknown>): Record<string, unknown> {
    if (!fault('assistants.list-attached-kbs-cached') || !('attached_kbs' in item)) return item;
    const cached = attachedCache.get(record.doc.customPersonaId);
    if (cached?.updatedAt === record.doc.updatedAt) return { ...item, attached_kbs: cached.kbs };
    attachedCache.set(record.doc.customPersonaId, {
      updatedAt: record.doc.updatedAt,
      kbs: item.attached_kbs,
    });
    return item;
  }

  api.route<{ Params: { sessionId: string } }>({
    ...operationRoute('listPersonas'),
    handler: (request) => {
      if (fault('assistants.list-session-id-object-id') && !isObjectId(request.params.sessionId))
        throw badRequest('sessionId must be an object id');
      const query = readListQuery(request, state.faults);
      const { accountId } = request.caller;
      const select = (filter: PersonaFilter, keepDeleted = false) =>
        newestFirst(
          state.personas
            .all()
            .filter(
              (r) =>
                (keepDeleted || listedAfterDelete(r, query.visibility)) &&
                matches(accountId, r, filter, state.faults),
            ),
        );
      const found = select(query);
      if (query.countOnly && !fault('assistants.list-count-with-documents')) {
        const count = countOf(accountId, query);
        return openPoints().countBody === 'with-paging'
          ? { totalPersonas: count, currentPage: 1, totalPages: Math.ceil(count / query.limit) }
          : { totalPersonas: count };
      }
      // A 0-based page: page 1 is the second page.
      const zeroBased = fault('assistants.list-page-zero-based') ? 1 : 0;
      // The planted fault: a minimum page size of 2.
      const limit = fault('assistants.list-limit-one-gives-two') ? Math.max(query.limit, 2) : query.limit;
      const page = paginate(found, query.page + zeroBased, limit);
      // Filters applied to the page after it was cut from a wider selection (planted faults).
      const cutBefore = {
        visibility: fault('assistants.list-is-public-after-slice'),
        mainAgent: fault('assistants.list-main-agent-after-slice'),
        os: fault('assistants.list-os-after-slice'),
      };
      if (cutBefore.visibility || cutBefore.mainAgent || cutBefore.os) {
        page.items = paginate(select(relaxFilter(query, cutBefore)), query.page, query.limit).items.filter(
          (r) => matches(accountId, r, query, state.faults),
        );
      }
      const previousLast = found[(query.page - 1) * query.limit - 1];
      if (fault('assistants.list-page-repeats-previous') && previousLast && page.items.length > 0)
        page.items[0] = previousLast;
      // A total counted with a filter left out, or with the deleted kept (planted faults).
      const totalFilter = relaxFilter(query, {
        visibility: fault('assistants.list-total-ignores-is-public'),
        mainAgent: fault('assistants.list-total-ignores-main-agent'),
        os: fault('assistants.list-total-ignores-os'),
      });
      const totalFaulted = !sameFilter(totalFilter, query) || fault('assistants.deleted-in-total');
      const total = totalFaulted
        ? select(totalFilter, fault('assistants.deleted-in-total')).length
        : found.length;
      const empty = page.items.length === 0;
      if (empty && fault('assistants.list-empty-without-array'))
        return { totalPersonas: total, message: 'no personas found' };
      const listed: Record<string, unknown> = {
        allPersonas: page.items.map((r) =>
          cachedAttachments(r, listItem(r, state.attachments, state.faults)),
        ),
        totalPersonas: fault('assistants.list-total-is-page-count') ? page.items.length : total,
        currentPage: fault('assistants.list-current-page-string')
          ? String(query.page)
          : fault('assistants.list-current-page-minus-one')
            ? query.page - 1
            : query.page,
        totalPages: emptyTotalPages(
          pagesFor(total, page, query.limit, fault('assistants.list-total-pages-plus-one')),
        ),
      };
      if (fault('assistants.list-has-status')) return { status: true, ...listed };
      if (empty && fault('assistants.list-empty-status-false')) return { status: false, ...listed };
      return listed;
    },
  });

  api.route({
    ...operationRoute('searchPersonas'),
    handler: (request) => {
      const query = readSearchQuery(request, state.faults);
      const { accountId } = request.caller;
      const routeFaults = {
        staleIsPublic: fault('assistants.search-other-stale-public'),
        anyAccount: fault('assistants.search-shows-other-private'),
        creatorSees: fault('assistants.former-owner-search'),
      };
      const select = (filter: PersonaFilter, withTerm: boolean) =>
        newestFirst(
          state.personas
            .all()
            .filter(
              (r) =>
                (!r.softDeleted || fault('assistants.deleted-in-search')) &&
                matches(accountId, r, filter, state.faults, routeFaults) &&
                (!withTerm || matchesTerm(r, query.term, state.faults)),
            ),
        );
      const found = select(query, true);
      const pageAsked = fault('assistants.search-ignores-page') ? 1 : query.page;
      // The planted fault: a minimum page size of 2.
      const limit = fault('assistants.search-limit-one-gives-two') ? Math.max(query.limit, 2) : query.limit;
      const page = paginate(found, pageAsked, limit);
      // The term applied to the page after it was cut from every visible assistant (planted fault).
      if (fault('assistants.search-term-after-slice'))
        page.items = paginate(select(query, false), pageAsked, query.limit).items.filter((r) =>
          matchesTerm(r, query.term, state.faults),
        );
      const totalFilter = relaxFilter(query, {
        mainAgent: fault('assistants.search-total-ignores-main-agent'),
        os: fault('assistants.search-total-ignores-os'),
      });
      const total = sameFilter(totalFilter, query) ? found.length : select(totalFilter, true).length;
      const result = {
        allPersonas: page.items.map((r) => searchItem(r, state.faults)),
        totalPersonas: fault('assistants.search-total-is-page-count') ? page.items.length : total,
        currentPage: fault('assistants.search-current-page-first') ? 1 : query.page,
        totalPages: emptyTotalPages(
          pagesFor(total, page, query.limit, fault('assistants.search-total-pages-plus-one')),
        ),
      };
      return fault('assistants.search-no-status') ? result : { status: true, ...result };
    },
  });

  api.route<{ Params: { sessionId: string; personaId: string } }>({
    ...operationRoute('getPersona'),
    handler: (request) => {
      const { sessionId, personaId } = request.params;
      if (fault('assistants.get-session-id-min-length') && sessionId.length < 2)
        throw badRequest('sessionId is too short');
      const wanted = fault('assistants.get-session-as-persona') ? sessionId : personaId;
      const stored =
        state.personas.get(wanted) ??
        (fault('assistants.get-by-object-id') ? state.personas.getByObjectId(wanted) : undefined);
      const { accountId } = request.caller;
      // A soft-deleted record (planted faults) is gone unless a fault lets this caller still read it.
      const record =
        stored?.softDeleted &&
        !fault('assistants.delete-soft') &&
        !(fault('assistants.deleted-readable-by-others') && !isOwner(accountId, stored))
          ? undefined
          : stored;
      const seen =
        record !== undefined &&
        (canSee(accountId, record) ||
          // Visibility judged on a copy no update refreshes, or by the creator (planted faults).
          (fault('assistants.get-other-stale-public') && record.asCreated.isPublic) ||
          (fault('assistants.former-owner-get') && record.creatorAccountId === accountId));
      if (!seen && fault('assistants.get-unseen-null')) return { status: true, personaData: null };
      if (!record || !(seen || fault('assistants.get-ignores-account'))) {
        throw fault('assistants.get-unseen-404')
          ? notFound('persona not found')
          : statedStatus(badRequest('persona not found'));
      }
      const status = fault('assistants.get-status-string') ? 'true' : true;
      const document = fullDocument(record, state.attachments, accountId, state.faults);
      return fault('assistants.get-data-key')
        ? { status, data: document }
        : { status, personaData: document };
    },
  });

  done();
};
