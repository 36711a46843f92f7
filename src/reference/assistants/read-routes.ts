import { inListOrder, openPoints } from '../open-points.ts';
import type { FastifyPluginCallback } from 'fastify';
import { badRequest, notFound, statedStatus } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import { paginate } from '../http/pagination.ts';
import type { StateOptions } from '../state.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import { matches, matchesTerm, readListQuery, readSearchQuery } from './list-filters.ts';
import { canSee, type PersonaRecord } from './store.ts';
import { fullDocument, listItem, searchItem } from './views.ts';

/** Newest first: the store keeps creation order (the alternative personality: oldest first). */
const newestFirst = (records: PersonaRecord[]): PersonaRecord[] => inListOrder(records.reverse());

/** `totalPages` of an empty result: 0, or one empty page in the alternative personality. */
const emptyTotalPages = (totalPages: number): number =>
  totalPages === 0 ? openPoints().emptyTotalPages : totalPages;

/** List, search and get. */
export const personaReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);

  api.route<{ Params: { sessionId: string } }>({
    ...operationRoute('listPersonas'),
    handler: (request) => {
      if (fault('assistants.list-session-id-object-id') && !isObjectId(request.params.sessionId))
        throw badRequest('sessionId must be an object id');
      const query = readListQuery(request, state.faults);
      const { accountId } = request.caller;
      const found = newestFirst(
        state.personas.all().filter((r) => !r.softDeleted && matches(accountId, r, query, state.faults)),
      );
      if (query.countOnly && !fault('assistants.list-count-with-documents'))
        return openPoints().countBody === 'with-paging'
          ? { totalPersonas: found.length, currentPage: 1, totalPages: Math.ceil(found.length / query.limit) }
          : { totalPersonas: found.length };
      // A 0-based page: page 1 is the second page.
      const zeroBased = fault('assistants.list-page-zero-based') ? 1 : 0;
      // The planted fault: a minimum page size of 2.
      const limit = fault('assistants.list-limit-one-gives-two') ? Math.max(query.limit, 2) : query.limit;
      const page = paginate(found, query.page + zeroBased, limit);
      const previousLast = found[(query.page - 1) * query.limit - 1];
      if (fault('assistants.list-page-repeats-previous') && previousLast && page.items.length > 0)
        page.items[0] = previousLast;
      const empty = page.items.length === 0;
      if (empty && fault('assistants.list-empty-without-array'))
        return { totalPersonas: page.total, message: 'no personas found' };
      const listed: Record<string, unknown> = {
        allPersonas: page.items.map((r) => listItem(r, state.attachments, state.faults)),
        totalPersonas: fault('assistants.list-total-is-page-count') ? page.items.length : page.total,
        currentPage: fault('assistants.list-current-page-string') ? String(query.page) : query.page,
        totalPages: emptyTotalPages(page.totalPages),
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
      const found = newestFirst(
        state.personas
          .all()
          .filter(
            (r) =>
              !r.softDeleted &&
              matches(accountId, r, query, state.faults) &&
              matchesTerm(r, query.term, state.faults),
          ),
      );
      const limit = fault('assistants.search-limit-one-gives-two') ? Math.max(query.limit, 2) : query.limit;
      const page = paginate(found, fault('assistants.search-ignores-page') ? 1 : query.page, limit);
      const result = {
        allPersonas: page.items.map((r) => searchItem(r, state.faults)),
        totalPersonas: fault('assistants.search-total-is-page-count') ? page.items.length : page.total,
        currentPage: query.page,
        totalPages: emptyTotalPages(page.totalPages),
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
      const record =
        state.personas.get(wanted) ??
        (fault('assistants.get-by-object-id') ? state.personas.getByObjectId(wanted) : undefined);
      const { accountId } = request.caller;
      if ((!record || !canSee(accountId, record)) && fault('assistants.get-unseen-null'))
        return { status: true, personaData: null };
      if (!record || !(canSee(accountId, record) || fault('assistants.get-ignores-account'))) {
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
