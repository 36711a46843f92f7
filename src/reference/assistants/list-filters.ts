import type { FastifyRequest } from 'fastify';
import type { FaultSwitch } from '../fault-switch.ts';
import { matchesWordPrefix, openPoints } from '../open-points.ts';
import { badRequest } from '../http/errors.ts';
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
import { assistantFault } from './faults.ts';
import { canSee, isOwnedOrGranted, type PersonaRecord } from './store.ts';

const LIST_LIMIT = 50;
const SEARCH_LIMIT = 30;
/** For the faults that forget the default page size: everything on one page. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;
const BROWSER_OS: readonly OsName[] = ['web', 'nt', 'android'];

type Visibility = 'private' | 'public' | 'all';
type MainAgent = 'all' | 'true' | 'false';

export interface PersonaFilter {
  visibility: Visibility;
  mainAgent: MainAgent;
  os: readonly OsName[];
}

/** A browser's `Origin` header overrides `os` (which is then not even read). */
function readOs(
  request: FastifyRequest,
  query: Query,
  faults: FaultSwitch,
  route: 'list' | 'search' = 'list',
): OsName[] {
  const origin = request.headers.origin;
  const fromBrowser =
    typeof origin === 'string' &&
    origin !== '' &&
    // The alternative personality takes only an http(s) origin for a browser's (not `null`).
    (openPoints().browserOrigin === 'any' || /^https?:\/\//i.test(origin)) &&
    !assistantFault(faults, 'assistants.list-origin-ignored');
  if (fromBrowser) return [...BROWSER_OS];
  return readList(
    query,
    'os',
    OS_NAMES,
    assistantFault(faults, 'assistants.list-os-default-all') ||
      (route === 'search' && assistantFault(faults, 'assistants.search-os-default-all'))
      ? OS_NAMES
      : ['nt'],
  );
}

export interface ListQuery extends PersonaFilter, Paging {
  countOnly: boolean;
}

export function readListQuery(request: FastifyRequest, faults: FaultSwitch): ListQuery {
  const query = queryOf(request);
  const ret = readString(query, 'ret');
  if (ret !== undefined && ret !== 'count') throw badRequest('query parameter ret must be count when given');
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  const defaultLimit = fault('assistants.list-limit-20')
    ? 20
    : fault('assistants.list-default-unlimited')
      ? UNLIMITED
      : LIST_LIMIT;
  return {
    visibility: readEnum(
      query,
      'isPublic',
      ['private', 'public', 'all'],
      fault('assistants.list-is-public-default-public') ? 'public' : 'all',
    ),
    mainAgent: readEnum(
      query,
      'isMainAgent',
      ['all', 'true', 'false'],
      fault('assistants.list-main-agent-default-true') ? 'true' : 'all',
    ),
    os: readOs(request, query, faults),
    ...readPaging(query, defaultLimit),
    countOnly: ret === 'count',
  };
}

export interface SearchQuery extends PersonaFilter, Paging {
  term: string;
}

/** Search sees what the unfiltered list sees (`isPublic` is not one of its parameters). */
export function readSearchQuery(request: FastifyRequest, faults: FaultSwitch): SearchQuery {
  const query = queryOf(request);
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  const mainAgent = readEnum(query, 'isMainAgent', ['all', 'true', 'false'], 'all');
  const defaultLimit = fault('assistants.search-default-limit-50')
    ? LIST_LIMIT
    : fault('assistants.search-default-unlimited')
      ? UNLIMITED
      : SEARCH_LIMIT;
  return {
    term: readRequiredString(query, 'search'),
    visibility: 'all',
    mainAgent: fault('assistants.search-ignores-main-agent') ? 'all' : mainAgent,
    os: readOs(request, query, faults, 'search'),
    ...readPaging(query, defaultLimit),
  };
}

function visible(
  accountId: string,
  record: PersonaRecord,
  visibility: Visibility,
  faults: FaultSwitch,
): boolean {
  if (visibility === 'private') {
    return (
      isOwnedOrGranted(accountId, record) ||
      (assistantFault(faults, 'assistants.list-private-shows-public') && record.doc.isPublic)
    );
  }
  if (visibility === 'public' && !assistantFault(faults, 'assistants.list-public-shows-private')) {
    // The shared catalog narrowed to the caller's own public assistants.
    if (assistantFault(faults, 'assistants.public-catalog-own-only'))
      return record.doc.isPublic && isOwnedOrGranted(accountId, record);
    return record.doc.isPublic;
  }
  return canSee(accountId, record) || assistantFault(faults, 'assistants.list-all-shows-every-account');
}

/** An assistant matches `os` when it targets at least one of the requested platforms. */
export function matches(
  accountId: string,
  record: PersonaRecord,
  filter: PersonaFilter,
  faults: FaultSwitch,
): boolean {
  if (!visible(accountId, record, filter.visibility, faults)) return false;
  const mainAgent =
    filter.mainAgent === 'false' && assistantFault(faults, 'assistants.list-main-agent-ignored')
      ? 'all'
      : filter.mainAgent;
  if (mainAgent !== 'all' && record.doc.Is_main_agent !== (mainAgent === 'true')) return false;
  return record.doc.os.some((o) => filter.os.includes(o));
}

/** Case-insensitive substring of the name or the title. */
export function matchesTerm(record: PersonaRecord, term: string, faults: FaultSwitch): boolean {
  // The alternative personality: a word of the name or the title starts with the term.
  if (openPoints().assistantSearch === 'word-prefix')
    return (
      matchesWordPrefix(record.doc.name, term) ||
      (!assistantFault(faults, 'assistants.search-name-only') && matchesWordPrefix(record.doc.title, term))
    );
  const needle = term.trim().toLowerCase();
  if (record.doc.name.toLowerCase().includes(needle)) return true;
  return (
    !assistantFault(faults, 'assistants.search-name-only') && record.doc.title.toLowerCase().includes(needle)
  );
}
