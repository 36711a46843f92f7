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
    ...limitOneIgnored(
      readPaging(query, defaultLimit),
      fault('assistants.list-limit-one-ignored'),
      LIST_LIMIT,
    ),
    countOnly: ret === 'count',
  };
}

/** A limit of 1 read as "no limit" (a truthiness test on `limit - 1`): the default page size. */
function limitOneIgnored(paging: Paging, planted: boolean, defaultLimit: number): Paging {
  return planted && paging.limit === 1 ? { ...paging, limit: defaultLimit } : paging;
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
    ...limitOneIgnored(
      readPaging(query, defaultLimit),
      fault('assistants.search-limit-one-ignored'),
      SEARCH_LIMIT,
    ),
  };
}

/**
 * How a route reads an assistant's visibility under the planted faults of the search route (the
 * list's own faults are consulted in `visible`): each an omission a sibling route does not make.
 */
export interface VisibilityFaults {
  /** Reads isPublic as created (`assistants.search-other-stale-public`). */
  staleIsPublic?: boolean;
  /** Shows every account's assistants (`assistants.search-shows-other-private`). */
  anyAccount?: boolean;
  /** Takes the creator for the owner (`assistants.former-owner-search`). */
  creatorSees?: boolean;
}

function visible(
  accountId: string,
  record: PersonaRecord,
  visibility: Visibility,
  faults: FaultSwitch,
  routeFaults: VisibilityFaults,
): boolean {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  if (visibility === 'private') {
    return (
      isOwnedOrGranted(accountId, record) ||
      (fault('assistants.list-private-shows-public') && record.doc.isPublic) ||
      (fault('assistants.former-owner-private-list') && record.creatorAccountId === accountId)
    );
  }
  if (visibility === 'public' && !fault('assistants.list-public-shows-private')) {
    // The catalog flag read from a copy no update refreshes.
    const isPublic = fault('assistants.public-catalog-stale')
      ? record.asCreated.isPublic
      : record.doc.isPublic;
    // The shared catalog narrowed to the caller's own public assistants.
    if (fault('assistants.public-catalog-own-only')) return isPublic && isOwnedOrGranted(accountId, record);
    return isPublic;
  }
  if (routeFaults.anyAccount || fault('assistants.list-all-shows-every-account')) return true;
  if (routeFaults.staleIsPublic && record.asCreated.isPublic) return true;
  if (routeFaults.creatorSees && record.creatorAccountId === accountId) return true;
  return canSee(accountId, record);
}

/** An assistant matches `os` when it targets at least one of the requested platforms. */
export function matches(
  accountId: string,
  record: PersonaRecord,
  filter: PersonaFilter,
  faults: FaultSwitch,
  routeFaults: VisibilityFaults = {},
): boolean {
  if (!visible(accountId, record, filter.visibility, faults, routeFaults)) return false;
  const mainAgent =
    filter.mainAgent === 'false' && assistantFault(faults, 'assistants.list-main-agent-ignored')
      ? 'all'
      : filter.mainAgent;
  if (mainAgent !== 'all' && record.doc.Is_main_agent !== (mainAgent === 'true')) return false;
  // The platforms read from a copy no update refreshes.
  const os = assistantFault(faults, 'assistants.list-os-filter-stale') ? record.asCreated.os : record.doc.os;
  return os.some((o) => filter.os.includes(o));
}

/**
 * The filter with the parts named by `relaxed` left out: what a page cut before those parts were
 * applied, or a total that ignores them, counts (planted faults).
 */
export function relaxFilter(
  filter: PersonaFilter,
  relaxed: { visibility?: boolean; mainAgent?: boolean; os?: boolean },
): PersonaFilter {
  return {
    visibility: relaxed.visibility ? 'all' : filter.visibility,
    mainAgent: relaxed.mainAgent ? 'all' : filter.mainAgent,
    os: relaxed.os ? OS_NAMES : filter.os,
  };
}

/** Case-insensitive substring of the name or the title. */
export function matchesTerm(record: PersonaRecord, term: string, faults: FaultSwitch): boolean {
  // The alternative personality: a word of the name or the title starts with the term.
  if (openPoints().assistantSearch === 'word-prefix')
    return (
      matchesWordPrefix(record.doc.name, term) ||
      (!assistantFault(faults, 'assistants.search-name-only') && matchesWordPrefix(record.doc.title, term))
    );
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  const needle = term.trim().toLowerCase();
  const { doc, asCreated } = record;
  // A search index written at create and never refreshed (or only appended to) by an update.
  const names = fault('assistants.search-matches-former-name')
    ? [asCreated.name]
    : fault('assistants.search-matches-both-names')
      ? [doc.name, asCreated.name]
      : [doc.name];
  if (names.some((name) => name.toLowerCase().includes(needle))) return true;
  const title = fault('assistants.search-matches-former-title') ? asCreated.title : doc.title;
  return !fault('assistants.search-name-only') && title.toLowerCase().includes(needle);
}
