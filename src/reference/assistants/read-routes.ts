import type { FastifyPluginCallback } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { operationRoute } from '../http/operation-route.ts';
import { paginate } from '../http/pagination.ts';
import type { StateOptions } from '../state.ts';
import { matches, matchesTerm, readListQuery, readSearchQuery } from './list-filters.ts';
import { canSee, type PersonaRecord } from './store.ts';
import { fullDocument, listItem, searchItem } from './views.ts';

/** Newest first: the store keeps creation order. */
const newestFirst = (records: PersonaRecord[]): PersonaRecord[] => records.reverse();

/** List, search and get. */
export const personaReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  api.route({
    ...operationRoute('listPersonas'),
    handler: (request) => {
      const query = readListQuery(request);
      const { accountId } = request.caller;
      const found = newestFirst(state.personas.all().filter((r) => matches(accountId, r, query)));
      if (query.countOnly) return { totalPersonas: found.length };
      const page = paginate(found, query.page, query.limit);
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
      const query = readSearchQuery(request);
      const { accountId } = request.caller;
      const found = newestFirst(
        state.personas.all().filter((r) => matches(accountId, r, query) && matchesTerm(r, query.term)),
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
      if (!record || !canSee(request.caller.accountId, record)) throw badRequest('persona not found');
      return { status: true, personaData: fullDocument(record, state.attachments, request.caller.accountId) };
    },
  });

  done();
};
