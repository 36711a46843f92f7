import type { FastifyRequest } from 'fastify';
import type { FaultSwitch } from '../fault-switch.ts';
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
const BROWSER_OS: readonly OsName[] = ['web', 'nt', 'android'];

type Visibility = 'private' | 'public' | 'all';
type MainAgent = 'all' | 'true' | 'false';

export interface PersonaFilter {
  visibility: Visibility;
  mainAgent: MainAgent;
  os: readonly OsName[];
}

/** A browser's `Origin` header overrides `os` (which is then not even read). */
function readOs(request: FastifyRequest, query: Query, faults: FaultSwitch): OsName[] {
  const origin = request.headers.origin;
  const fromBrowser =
    typeof origin === 'string' && origin !== '' && !assistantFault(faults, 'assistants.list-origin-ignored');
  if (fromBrowser) return [...BROWSER_OS];
  return readList(
    query,
    'os',
    OS_NAMES,
    assistantFault(faults, 'assistants.list-os-default-all') ? OS_NAMES : ['nt'],
  );
}

export interface ListQuery extends PersonaFilter, Paging {
  countOnly: boolean;
}

export function readListQuery(request: FastifyRequest, faults: FaultSwitch): ListQuery {
  const query = queryOf(request);
  const ret = readString(query, 'ret');
  if (ret !== undefined && ret !== 'count') throw badRequest('query parameter ret must be count when given');
  return {
    visibility: readEnum(query, 'isPublic', ['private', 'public', 'all'], 'all'),
    mainAgent: readEnum(query, 'isMainAgent', ['all', 'true', 'false'], 'all'),
    os: readOs(request, query, faults),
    ...readPaging(query, assistantFault(faults, 'assistants.list-limit-20') ? 20 : LIST_LIMIT),
    countOnly: ret === 'count',
  };
}

export interface SearchQuery extends PersonaFilter, Paging {
  term: string;
}

/** Search sees what the unfiltered list sees (`isPublic` is not one of its parameters). */
export function readSearchQuery(request: FastifyRequest, faults: FaultSwitch): SearchQuery {
  const query = queryOf(request);
  return {
    term: readRequiredString(query, 'search'),
    visibility: 'all',
    mainAgent: readEnum(query, 'isMainAgent', ['all', 'true', 'false'], 'all'),
    os: readOs(request, query, faults),
    ...readPaging(query, SEARCH_LIMIT),
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
  if (visibility === 'public' && !assistantFault(faults, 'assistants.list-public-shows-private'))
    return record.doc.isPublic;
  return canSee(accountId, record);
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
  const needle = term.trim().toLowerCase();
  if (record.doc.name.toLowerCase().includes(needle)) return true;
  return (
    !assistantFault(faults, 'assistants.search-name-only') && record.doc.title.toLowerCase().includes(needle)
  );
}
