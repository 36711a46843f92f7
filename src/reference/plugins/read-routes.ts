import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import { operationRoute } from '../http/operation-route.ts';
import { paginate } from '../http/pagination.ts';
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

const LIST_LIMIT = 50;
const SEARCH_LIMIT = 20;

/**
 * `all` (the default) or a comma-separated list of platforms. Without `os` nothing is filtered, so a
 * plugin sent with `os: []` (presence is what create checks) is listed too.
 */
function readOs(query: Query): readonly OsName[] | 'all' {
  const os = readString(query, 'os');
  return os === undefined || os === 'all' ? 'all' : readList(query, 'os', OS_NAMES, OS_NAMES);
}

const targets = (doc: PluginDoc, os: readonly OsName[] | 'all'): boolean =>
  os === 'all' || doc.os.some((o) => os.includes(o));

function matchesTerm(doc: PluginDoc, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return [doc.title, doc.name, doc.human_description].some((field) => field.toLowerCase().includes(needle));
}

/** Newest first. */
const newestFirst = (docs: PluginDoc[]): PluginDoc[] => docs.reverse();

/** List, get and search. */
export const pluginReadRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: PluginFault) => pluginFault(state.faults, id);
  const item = (request: FastifyRequest) => (doc: PluginDoc) => {
    const listed = catalogItem(doc, request.caller.accountId, state.accounts);
    if (!fault('plugins.list-code-in-clear')) return listed;
    return {
      ...listed,
      func_schema: state.cipher.decrypt(doc.func_schema),
      func_run: state.cipher.decrypt(doc.func_run),
    };
  };
  const body = (matched: PluginDoc[], paging: Paging, request: FastifyRequest) =>
    catalogBody(matched, paginate(matched, paging.page, paging.limit), item(request), state.faults);

  api.route({
    ...operationRoute('listPlugins'),
    handler: (request) => {
      const query = queryOf(request);
      const visibility = readEnum(query, 'isPublic', ['public', 'private', 'all'], 'all');
      const statusFilter = readEnum(query, 'status', ['all', 'approved', 'pending'], 'all');
      const status = fault('plugins.status-filter-ignored') ? 'all' : statusFilter;
      const os = readOs(query);
      const paging = readPaging(query, LIST_LIMIT);
      const { accountId } = request.caller;
      const matched = newestFirst(
        state.plugins.all().filter((doc) => {
          const ownCatalog =
            ownsPlugin(accountId, doc) || (fault('plugins.private-includes-public') && doc.isPublic);
          if (visibility === 'private' && !ownCatalog) return false;
          if (visibility === 'public' && !doc.isPublic) return false;
          if (visibility === 'all' && !canSeePlugin(accountId, doc)) return false;
          return (status === 'all' || doc.status === status) && targets(doc, os);
        }),
      );
      return body(matched, paging, request);
    },
  });

  api.route({
    ...operationRoute('searchPlugins'),
    handler: (request) => {
      const query = queryOf(request);
      const term = readRequiredString(query, 'search');
      const os = readOs(query);
      const paging = readPaging(query, fault('plugins.search-limit-50') ? 50 : SEARCH_LIMIT);
      const { accountId } = request.caller;
      const matched = newestFirst(
        state.plugins
          .all()
          .filter((doc) => canSeePlugin(accountId, doc) && targets(doc, os) && matchesTerm(doc, term)),
      );
      return body(matched, paging, request);
    },
  });

  api.route({
    ...operationRoute('getPlugin'),
    handler: (request) => {
      const title = readRequiredString(queryOf(request), 'title');
      const doc = state.plugins.get(title);
      if (!doc || !canSeePlugin(request.caller.accountId, doc)) throw notFound(`no plugin titled ${title}`);
      const plugin = pluginDetail(doc, request.caller.accountId, state.accounts, state.cipher);
      if (fault('plugins.is-owner-always-true')) plugin.isOwner = true;
      return { status: fault('plugins.get-status-boolean') ? true : 'true', plugin };
    },
  });

  done();
};
