import type { FastifyPluginCallback } from 'fastify';
import { badRequest, notFound } from '../http/errors.ts';
import { operationRoute } from '../http/operation-route.ts';
import { paginate } from '../http/pagination.ts';
import type { StateOptions } from '../state.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import { matches, matchesTerm, readListQuery, readSearchQuery } from './list-filters.ts';
import { canSee, type PersonaRecord } from './store.ts';
import { fullDocument, listItem, searchItem } from './views.ts';

/** Newest first: the store keeps creation order. */
const newestFirst = (records: PersonaRecord[]): PersonaRecord[] => records.reverse();

/** List, search and get. */
export const personaReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);

  api.route({
    ...operationRoute('listPersonas'),
    handler: (request) => {
      const query = readListQuery(request, state.faults);
      const { accountId } = request.caller;
      const found = newestFirst(
        state.personas.all().filter((r) => matches(accountId, r, query, state.faults)),
      );
      if (query.countOnly && !fault('assistants.list-count-with-documents'))
        return { totalPersonas: found.length };
      const page = paginate(found, query.page, query.limit);
      const previousLast = found[(query.page - 1) * query.limit - 1];
      if (fault('assistants.list-page-repeats-previous') && previousLast && page.items.length > 0)
        page.items[0] = previousLast;
      return {
        allPersonas: page.items.map((r) => listItem(r, state.attachments)),
        totalPersonas: page.total,
        currentPage: page.page,
        totalPages: page.totalPages,
      };
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
            (r) => matches(accountId, r, query, state.faults) && matchesTerm(r, query.term, state.faults),
          ),
      );
      const page = paginate(found, query.page, query.limit);
      return {
        status: true,
        allPersonas: page.items.map(searchItem),
        totalPersonas: page.total,
        currentPage: page.page,
        totalPages: page.totalPages,
      };
    },
  });

  api.route<{ Params: { personaId: string } }>({
    ...operationRoute('getPersona'),
    handler: (request) => {
      const record = state.personas.get(request.params.personaId);
      const { accountId } = request.caller;
      if (!record || !(canSee(accountId, record) || fault('assistants.get-ignores-account'))) {
        throw fault('assistants.get-unseen-404')
          ? notFound('persona not found')
          : badRequest('persona not found');
      }
      const status = fault('assistants.get-status-string') ? 'true' : true;
      return { status, personaData: fullDocument(record, state.attachments, accountId) };
    },
  });

  done();
};
