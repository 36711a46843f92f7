import { describe, expect } from 'vitest';
import { expectMessage } from '../../src/expect/error-body.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectResponse, expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient, CallInput } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { resourceIdentifiers } from '../../src/spec/addressing.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';
import { ARTICLE } from '../../src/target/fixture-pages.ts';
import { bodyOf, isObject, objectsIn, succeeded, type JsonObject } from '../../src/http/json.ts';
import { ASSISTANT, SESSION_ID } from '../../src/resources/kinds/assistant.ts';
import { KNOWLEDGE_BASE } from '../../src/resources/kinds/knowledge-base.ts';
import { PLUGIN } from '../../src/resources/kinds/plugin.ts';
import { KINDS } from '../../src/resources/kinds/registry.ts';

/**
 * Account isolation, as a matrix like the scope matrix: for every operation that addresses an
 * existing resource (derived from spec/openapi.yaml by `resourceIdentifiers`), account B's key
 * (`other`) tries it on account A's resource. It must get what the document gives (400 for an
 * assistant B cannot see, 400 `unauthorized user` for one B does not own) or, where the document
 * names no status, no success; and a full-key read of account A afterwards shows nothing changed.
 */

const LOGBOOK =
  'Isolation logbook: the keeper of the north light rows supplies ashore when the swell allows a landing.';

/** What a check created, by its identity; `forget` drops its cleanup once B's call removed it. */
interface Made {
  id: string;
  forget: () => void;
}

/** Account A's resources, made once per file with the full key. */
interface World {
  /** One of each tracked kind (src/resources/kinds/), by the kind's name. */
  made: ReadonlyMap<string, Made>;
  persona: string;
  personaObjectId: string;
  plugin: string;
  kbId: string;
  docId: string;
  /** Words of A's that no answer to B may carry. */
  secrets: string[];
}

/** What A's resources are made with, besides their labelled bodies: words the reads then compare. */
const WORLD_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  [ASSISTANT.name]: { base_sys_prompt: 'The isolation prompt of account A.' },
  [PLUGIN.name]: { isPublic: false, human_description: 'Account A plugin, not published.' },
};

function madeOf(made: ReadonlyMap<string, Made>, kind: string): Made {
  const one = made.get(kind);
  if (one === undefined) throw new Error(`isolation world: no ${kind} was made`);
  return one;
}

function worldOf(context: CheckContext): Promise<World> {
  return context.shared('world', async () => {
    const a = context.resources();
    const made = new Map(
      await Promise.all(
        KINDS.trackedKinds().map(
          async (kind) =>
            [kind.name, await a.create(kind.name, 'isolated', WORLD_BODIES[kind.name])] as const,
        ),
      ),
    );
    const persona = madeOf(made, ASSISTANT.name).id;
    const plugin = madeOf(made, PLUGIN.name).id;
    const kbId = madeOf(made, KNOWLEDGE_BASE.name).id;
    const [personaObjectId, docId] = await Promise.all([
      a.personaObjectId(persona),
      a.ingestText(kbId, 'Isolation logbook', LOGBOOK, 'vector'),
    ]);
    await a.attach(kbId, persona);
    // When the base's counts show the ingest is not stated: the world is read only once they do,
    // so that a count still catching up is not taken for a change B made.
    await context.kb().listedBaseWhen(kbId, (listed) => listed?.docsCount === 1);
    const baseName = String(made.get(KNOWLEDGE_BASE.name)?.body.name);
    return {
      made,
      persona,
      personaObjectId,
      plugin,
      kbId,
      docId,
      secrets: [docId, kbId, baseName, 'Isolation logbook'],
    };
  });
}

/** What B's call could change: one of A's tracked resources (by its kind's name), or the attachments. */
type Part = string;

function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, item[field]]));
}

/** The items of `field`, sorted by `key` and reduced to `fields`: a listing compared before and after. */
function sortedPicks(
  container: JsonObject,
  field: string,
  key: string,
  fields: readonly string[],
): unknown[] {
  return objectsIn(container, field)
    .sort((x, y) => String(x[key]).localeCompare(String(y[key])))
    .map((item) => pick(item, fields));
}

const ATTACHMENT_FIELDS = ['kbId', 'enabled', 'grounding_mode'];

/** What the full key reads of each part of account A's world: status and the fields B could change. */
const READS: Readonly<Record<Part, (full: ApiClient, w: World) => Promise<unknown>>> = {
  [ASSISTANT.name]: async (full, w) => {
    const exchange = await full.call('getPersona', { path: { sessionId: SESSION_ID, personaId: w.persona } });
    const data = bodyOf(exchange).personaData;
    const persona = isObject(data) ? data : {};
    return {
      status: exchange.response?.status,
      ...pick(persona, ['name', 'base_sys_prompt', 'voice']),
      attached_kbs: sortedPicks(persona, 'attached_kbs', 'kbId', ATTACHMENT_FIELDS),
    };
  },
  [PLUGIN.name]: async (full, w) => {
    const exchange = await full.call('getPlugin', { query: { title: w.plugin } });
    const plugin = bodyOf(exchange).plugin;
    return {
      status: exchange.response?.status,
      ...pick(isObject(plugin) ? plugin : {}, ['title', 'name', 'human_description', 'isPublic']),
    };
  },
  [KNOWLEDGE_BASE.name]: async (full, w) => {
    const [list, documents] = await Promise.all([
      full.call('listKnowledgeBases'),
      full.call('listDocuments', { path: { kbId: w.kbId } }),
    ]);
    const listed = objectsIn(bodyOf(list), 'kbs').find((kb) => kb.kbId === w.kbId);
    const autoRefresh = listed?.autoRefresh;
    return {
      listed: listed === undefined ? 'absent' : pick(listed, ['name', 'description', 'docsCount']),
      autoRefresh: isObject(autoRefresh) ? pick(autoRefresh, ['enabled', 'intervalDays']) : autoRefresh,
      documentsStatus: documents.response?.status,
      documents: sortedPicks(bodyOf(documents), 'documents', 'docId', ['docId', 'title']),
    };
  },
  attachments: async (full, w) => {
    const exchange = await full.call('listPersonaKnowledgeBases', { path: { personaId: w.persona } });
    return {
      status: exchange.response?.status,
      kbs: sortedPicks(bodyOf(exchange), 'kbs', 'kbId', ATTACHMENT_FIELDS),
    };
  },
};

async function readAll(full: ApiClient, w: World, parts: readonly Part[]): Promise<unknown[]> {
  return Promise.all(
    parts.map((part) => {
      const read = READS[part];
      if (read === undefined) throw new Error(`isolation matrix: nothing reads A's ${part}`);
      return read(full, w);
    }),
  );
}

/** How B's answer is judged, besides A's world staying as it was. */
type Verdict =
  /** The document gives the status and message: exactly that. */
  | { kind: 'status'; status: number; message?: string }
  /** A write the document gives no status for: no success (4xx, or `status: false`; a 5xx is warned). */
  | { kind: 'refused' }
  /** A read the document gives no status for: refused, or an answer carrying nothing of A's. */
  | { kind: 'reveals-nothing' }
  /** Not stated either way: what B gets is recorded. */
  | { kind: 'observed' };

interface Row {
  operationId: string;
  /** The check id's suffix, when an operation has several rows. */
  variant?: string;
  title: string;
  requirements: string[];
  verdict: Verdict;
  /** The parts of A's world the call could change (read before and after). */
  parts: Part[];
  input: (w: World, context: CheckContext) => CallInput | Promise<CallInput>;
}

const BASE_REQUIREMENTS = ['ACCT-01', 'CONV-07'];

/**
 * A row: by default a write the document gives no status for (refused), citing the base
 * requirements; `more` sets what differs.
 */
function row(
  operationId: string,
  parts: Part[],
  title: string,
  input: Row['input'],
  more: Partial<Pick<Row, 'variant' | 'requirements' | 'verdict'>> = {},
): Row {
  return {
    operationId,
    parts,
    title,
    input,
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    ...more,
  };
}

const REVEALS_NOTHING = { verdict: { kind: 'reveals-nothing' } } as const;
const [AS, PL, KB] = [[ASSISTANT.name], [PLUGIN.name], [KNOWLEDGE_BASE.name]];
const ATTACHED = ['attachments', ASSISTANT.name];
const onBase = (w: World): CallInput => ({ path: { kbId: w.kbId } });
const onAttachment = (w: World): CallInput => ({ path: { kbId: w.kbId, personaId: w.persona } });
const attaching = (kbId: string, personaId: string): CallInput => ({ path: { kbId, personaId }, body: {} });
/** What B tries to set on an attachment of A's. */
const ATTACHMENT_CHANGE = { grounding_mode: 'strict', enabled: false };
const FROM_B = {
  filename: 'from-b.txt',
  contentType: 'text/plain',
  content: new TextEncoder().encode('Account B was here.'),
};

const ROWS: Row[] = [
  row(
    'getPersona',
    AS,
    "B's key getting A's assistant is a 400 (an id the account cannot see)",
    (w) => ({ path: { sessionId: SESSION_ID, personaId: w.persona } }),
    {
      requirements: [...BASE_REQUIREMENTS, 'AS-GET-04', 'ERR-12'],
      verdict: { kind: 'status', status: 400 },
    },
  ),
  row(
    'updatePersona',
    AS,
    "B's key updating A's assistant is a 400 `unauthorized user`, and the assistant is unchanged",
    (w) => ({ body: { personaId: w.persona, name: 'Renamed by account B', base_sys_prompt: 'B' } }),
    {
      requirements: [...BASE_REQUIREMENTS, 'AS-UPDATE-12', 'ERR-14'],
      verdict: { kind: 'status', status: 400, message: 'unauthorized user' },
    },
  ),
  row('sharePersona', AS, "B's key cannot mint a share link for A's assistant", (w) => ({
    path: { customPersonaId: w.persona },
  })),
  row(
    'getPlugin',
    PL,
    "B's key getting A's unpublished plugin: what it gets is recorded (not stated)",
    (w) => ({ query: { title: w.plugin } }),
    {
      requirements: ['ACCT-01'],
      verdict: { kind: 'observed' },
    },
  ),
  row('updatePlugin', PL, "B's key cannot update A's plugin, which stays as it was", (w) => ({
    body: { title: w.plugin, human_description: 'Rewritten by account B.' },
  })),
  row(
    'listDocuments',
    KB,
    "B's key listing the documents of A's base gets none of them",
    onBase,
    REVEALS_NOTHING,
  ),
  row(
    'queryKnowledgeBase',
    KB,
    "B's key querying A's base retrieves nothing of it",
    (w) => ({ ...onBase(w), body: { query: LOGBOOK, topK: 20 } }),
    REVEALS_NOTHING,
  ),
  row(
    'getKnowledgeBaseStats',
    KB,
    "B's key reading the stats of A's base learns nothing of it",
    onBase,
    REVEALS_NOTHING,
  ),
  row(
    'listPersonaKnowledgeBases',
    ['attachments'],
    "B's key listing the bases of A's assistant gets none of them",
    (w) => ({ path: { personaId: w.persona } }),
    REVEALS_NOTHING,
  ),
  row('ingestText', KB, "B's key cannot ingest text into A's base", (w) => ({
    ...onBase(w),
    body: { title: 'Written by B', text: 'Account B was here.' },
  })),
  row('ingestUrl', KB, "B's key cannot ingest a page into A's base", (w, context) => ({
    ...onBase(w),
    body: { url: `${context.target.fixtureBaseUrl}${ARTICLE.path}` },
  })),
  row('uploadFile', KB, "B's key cannot upload a file into A's base", (w) => ({
    ...onBase(w),
    multipart: { file: FROM_B },
  })),
  row('setAutoRefresh', KB, "B's key cannot change the auto-refresh of A's base", (w) => ({
    ...onBase(w),
    body: { enabled: true, intervalDays: 7 },
  })),
  row('refreshNow', KB, "B's key cannot start a re-crawl of A's base", onBase),
  row('attachKnowledgeBase', ATTACHED, "B's key cannot re-attach A's base to A's assistant", (w) => ({
    ...onAttachment(w),
    body: ATTACHMENT_CHANGE,
  })),
  // B's own assistant or base on the other side of an attachment of A's.
  row(
    'attachKnowledgeBase',
    KB,
    "B's key cannot attach A's base to an assistant of B's own",
    async (w, context) =>
      attaching(w.kbId, (await context.resources('other').createPersona('isolation-b')).customPersonaId),
    { variant: 'own-assistant' },
  ),
  row(
    'attachKnowledgeBase',
    ATTACHED,
    "B's key cannot attach a base of B's own to A's assistant",
    async (w, context) =>
      attaching((await context.resources('other').createBase('isolation-b')).kbId, w.persona),
    { variant: 'own-base' },
  ),
  row(
    'updateAttachment',
    ATTACHED,
    "B's key cannot change the attachment of A's base to A's assistant",
    (w) => ({ ...onAttachment(w), body: ATTACHMENT_CHANGE }),
  ),
  row('detachKnowledgeBase', ATTACHED, "B's key cannot detach A's base from A's assistant", onAttachment),
  row('deleteDocument', KB, "B's key cannot delete a document of A's base", (w) => ({
    path: { kbId: w.kbId, docId: w.docId },
  })),
  row('transferOwnership', AS, "B's key cannot transfer A's assistant (to B's own owner)", (w, context) => ({
    path: { personaId: w.personaObjectId },
    // The realistic attack: B hands A's assistant to its own owner. Without the address, one with
    // no account (which must be refused on A's side too).
    body: {
      newOwnerEmail:
        context.target.keyring.accounts?.other?.email ?? `nobody-${context.prefix}@example.invalid`,
    },
  })),
  // B cannot delete any of A's resources: a delete per tracked kind, by the identity its descriptor
  // deletes with; last, and the assistant (which the others attach to) after everything else.
  ...KINDS.trackedKinds()
    .reverse()
    .map((kind) =>
      row(kind.tracked.delete.operationId, [kind.name], `B's key cannot delete A's ${kind.name}`, (w) =>
        kind.tracked.delete.input(madeOf(w.made, kind.name).id),
      ),
    ),
];

/** An answer to B carrying any of A's words, ids or counts (an id B itself sent may be echoed). */
function revealed(exchange: Exchange, w: World, input: CallInput): string | undefined {
  const text = exchange.response?.text ?? '';
  const sent = Object.values(input.path ?? {});
  const secret = w.secrets.find((s) => !sent.includes(s) && text.includes(s));
  if (secret !== undefined) return `it carries ${JSON.stringify(secret)}`;
  const body = bodyOf(exchange);
  for (const field of ['documentsCount', 'vectorCount'] as const) {
    const value = body[field];
    if (typeof value === 'number' && value > 0) return `it counts ${field} ${value}`;
  }
  const results = objectsIn(body, 'results').length;
  if (results > 0) return `it holds ${results} results`;
  return undefined;
}

function judge(row: Row, exchange: Exchange, w: World, input: CallInput, context: CheckContext): void {
  switch (row.verdict.kind) {
    case 'status':
      if (row.verdict.message === undefined) expectStatus(exchange, row.verdict.status);
      else expectMessage(exchange, row.verdict.status, row.verdict.message);
      return;
    case 'refused':
      expectRejected(exchange);
      return;
    case 'reveals-nothing': {
      const status = exchange.response?.status ?? 0;
      if (status >= 200 && status <= 299) {
        const leak = revealed(exchange, w, input);
        if (leak !== undefined) {
          throw new ConformanceFailure(
            `Received: ${status}, and ${leak} of account A / Documented: a key of another account reads nothing of A's resources`,
            exchange,
          );
        }
        context.observe('ACCT-01', `${row.operationId} by another account: ${status}, revealing nothing`);
        return;
      }
      expectRejected(exchange);
      return;
    }
    case 'observed':
      // No answer is an error of the run, never an observation.
      context.observe(
        'ACCT-01',
        `${row.operationId} by another account: HTTP ${expectResponse(exchange).status}`,
      );
      return;
  }
}

/** Registers the cleanup of what B's call moved or made, should an implementation wrongly let it. */
function settle(row: Row, exchange: Exchange, w: World, context: CheckContext): void {
  if (!succeeded(exchange) || bodyOf(exchange).status === false) return;
  const assistant = madeOf(w.made, ASSISTANT.name);
  if (row.operationId === 'transferOwnership' && context.target.keyring.accounts?.other?.email) {
    assistant.forget();
    context.resources('other').track(ASSISTANT.name, assistant.id);
  }
  const deleted = KINDS.trackedDelete(row.operationId);
  if (deleted !== undefined) madeOf(w.made, deleted.name).forget();
}

const operations = loadOperationIndexSync();

// Every operation addressing a resource has a row: a new one cannot slip past the matrix (the
// file then fails to load, which the self-test's unfaulted run reports).
const uncovered = [...operations.values()]
  .filter((operation) => resourceIdentifiers(operation) !== undefined)
  .map((operation) => operation.operationId)
  .filter((id) => !ROWS.some((row) => row.operationId === id));
if (uncovered.length > 0) throw new Error(`isolation matrix: no row for ${uncovered.join(', ')}`);

for (const row of ROWS) {
  const operation = operations.get(row.operationId);
  if (!operation || resourceIdentifiers(operation) === undefined) {
    throw new Error(`isolation matrix: ${row.operationId} addresses no resource in spec/openapi.yaml`);
  }
  describe(operation.label, () => {
    check(
      `isolation.${row.operationId}${row.variant ? `.${row.variant}` : ''}`,
      row.requirements,
      row.title,
      async (context) => {
        // The role first: without an `other` key the check is skipped before anything is created.
        const other = context.as('other');
        const full = context.as('full');
        const w = await worldOf(context);
        const input = await row.input(w, context);
        const before = await readAll(full, w, row.parts);
        const exchange = await other.call(row.operationId, input);
        settle(row, exchange, w, context);
        const after = await readAll(full, w, row.parts);
        expect(
          after,
          `account A's ${row.parts.join(' and ')}, read with its full key after ${row.operationId} by account B`,
        ).toEqual(before);
        judge(row, exchange, w, input, context);
      },
      { operations: [row.operationId] },
    );
  });
}
