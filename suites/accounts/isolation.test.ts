import { describe, expect } from 'vitest';
import { expectMessage } from '../../src/checks/error-body.ts';
import { ConformanceFailure } from '../../src/checks/failure.ts';
import { expectRejected } from '../../src/checks/rejection.ts';
import { expectResponse, expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { ApiClient, CallInput } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { resourceIdentifiers } from '../../src/spec/addressing.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';
import { ARTICLE } from '../../src/target/fixture-pages.ts';
import { type Base, type Persona, type Plugin } from '../../src/resources/account.ts';

/**
 * Account isolation, as a matrix like the scope matrix: for every operation that addresses an
 * existing resource (derived from spec/openapi.yaml by `resourceIdentifiers`), account B's key
 * (`other`) tries it on account A's resource. It must get what the document gives (400 for an
 * assistant B cannot see, 400 `unauthorized user` for one B does not own) or, where the document
 * names no status, no success; and a full-key read of account A afterwards shows nothing changed.
 */

const SESSION = 'conformance';
const LOGBOOK =
  'Isolation logbook: the keeper of the north light rows supplies ashore when the swell allows a landing.';

/** Account A's resources, made once per file with the full key. */
interface World {
  persona: Persona;
  personaObjectId: string;
  plugin: Plugin;
  base: Base;
  docId: string;
  /** Words of A's that no answer to B may carry. */
  secrets: string[];
}

function worldOf(context: CheckContext): Promise<World> {
  return context.shared('world', async () => {
    const a = context.resources();
    const [persona, plugin, base] = await Promise.all([
      a.createPersona('isolated', { base_sys_prompt: 'The isolation prompt of account A.' }),
      a.createPlugin('isolated', { isPublic: false, human_description: 'Account A plugin, not published.' }),
      a.createBase('isolated'),
    ]);
    const [personaObjectId, docId] = await Promise.all([
      a.personaObjectId(persona.customPersonaId),
      a.ingestText(base.kbId, 'Isolation logbook', LOGBOOK, 'vector'),
    ]);
    await a.attach(base.kbId, persona.customPersonaId);
    // When the base's counts show the ingest is not stated: the world is read only once they do,
    // so that a count still catching up is not taken for a change B made.
    await context.kb().listedBaseWhen(base.kbId, (listed) => listed?.docsCount === 1);
    return {
      persona,
      personaObjectId,
      plugin,
      base,
      docId,
      secrets: [docId, base.kbId, base.name, 'Isolation logbook'],
    };
  });
}

type Part = 'assistant' | 'plugin' | 'base' | 'attachments';

function json(exchange: Exchange): Record<string, unknown> {
  const body = exchange.response?.json;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}

function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, item[field]]));
}

function byKey(items: Record<string, unknown>[], key: string): Record<string, unknown>[] {
  return [...items].sort((x, y) => String(x[key]).localeCompare(String(y[key])));
}

/** What the full key reads of one part of account A's world: status and the fields B could change. */
async function read(full: ApiClient, w: World, part: Part): Promise<unknown> {
  switch (part) {
    case 'assistant': {
      const exchange = await full.call('getPersona', {
        path: { sessionId: SESSION, personaId: w.persona.customPersonaId },
      });
      const data = json(exchange).personaData;
      const persona = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      return {
        status: exchange.response?.status,
        ...pick(persona, ['name', 'base_sys_prompt', 'voice']),
        attached_kbs: byKey(objects(persona.attached_kbs), 'kbId').map((kb) =>
          pick(kb, ['kbId', 'enabled', 'grounding_mode']),
        ),
      };
    }
    case 'plugin': {
      const exchange = await full.call('getPlugin', { query: { title: w.plugin.title } });
      const plugin = json(exchange).plugin;
      return {
        status: exchange.response?.status,
        ...pick(typeof plugin === 'object' && plugin !== null ? (plugin as Record<string, unknown>) : {}, [
          'title',
          'name',
          'human_description',
          'isPublic',
        ]),
      };
    }
    case 'base': {
      const [list, documents] = await Promise.all([
        full.call('listKnowledgeBases'),
        full.call('listDocuments', { path: { kbId: w.base.kbId } }),
      ]);
      const listed = objects(json(list).kbs).find((kb) => kb.kbId === w.base.kbId);
      const autoRefresh = listed?.autoRefresh;
      return {
        listed: listed === undefined ? 'absent' : pick(listed, ['name', 'description', 'docsCount']),
        autoRefresh:
          typeof autoRefresh === 'object' && autoRefresh !== null
            ? pick(autoRefresh as Record<string, unknown>, ['enabled', 'intervalDays'])
            : autoRefresh,
        documentsStatus: documents.response?.status,
        documents: byKey(objects(json(documents).documents), 'docId').map((doc) =>
          pick(doc, ['docId', 'title']),
        ),
      };
    }
    case 'attachments': {
      const exchange = await full.call('listPersonaKnowledgeBases', {
        path: { personaId: w.persona.customPersonaId },
      });
      return {
        status: exchange.response?.status,
        kbs: byKey(objects(json(exchange).kbs), 'kbId').map((kb) =>
          pick(kb, ['kbId', 'enabled', 'grounding_mode']),
        ),
      };
    }
  }
}

async function readAll(full: ApiClient, w: World, parts: readonly Part[]): Promise<unknown[]> {
  return Promise.all(parts.map((part) => read(full, w, part)));
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

const ROWS: Row[] = [
  {
    operationId: 'getPersona',
    title: "B's key getting A's assistant is a 400 (an id the account cannot see)",
    requirements: [...BASE_REQUIREMENTS, 'AS-GET-04', 'ERR-12'],
    verdict: { kind: 'status', status: 400 },
    parts: ['assistant'],
    input: (w) => ({ path: { sessionId: SESSION, personaId: w.persona.customPersonaId } }),
  },
  {
    operationId: 'updatePersona',
    title: "B's key updating A's assistant is a 400 `unauthorized user`, and the assistant is unchanged",
    requirements: [...BASE_REQUIREMENTS, 'AS-UPDATE-12', 'ERR-14'],
    verdict: { kind: 'status', status: 400, message: 'unauthorized user' },
    parts: ['assistant'],
    input: (w) => ({
      body: { personaId: w.persona.customPersonaId, name: 'Renamed by account B', base_sys_prompt: 'B' },
    }),
  },
  {
    operationId: 'sharePersona',
    title: "B's key cannot mint a share link for A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['assistant'],
    input: (w) => ({ path: { customPersonaId: w.persona.customPersonaId } }),
  },
  {
    operationId: 'getPlugin',
    title: "B's key getting A's unpublished plugin: what it gets is recorded (not stated)",
    requirements: ['ACCT-01'],
    verdict: { kind: 'observed' },
    parts: ['plugin'],
    input: (w) => ({ query: { title: w.plugin.title } }),
  },
  {
    operationId: 'updatePlugin',
    title: "B's key cannot update A's plugin, which stays as it was",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['plugin'],
    input: (w) => ({ body: { title: w.plugin.title, human_description: 'Rewritten by account B.' } }),
  },
  {
    operationId: 'listDocuments',
    title: "B's key listing the documents of A's base gets none of them",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'reveals-nothing' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId } }),
  },
  {
    operationId: 'queryKnowledgeBase',
    title: "B's key querying A's base retrieves nothing of it",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'reveals-nothing' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId }, body: { query: LOGBOOK, topK: 20 } }),
  },
  {
    operationId: 'getKnowledgeBaseStats',
    title: "B's key reading the stats of A's base learns nothing of it",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'reveals-nothing' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId } }),
  },
  {
    operationId: 'listPersonaKnowledgeBases',
    title: "B's key listing the bases of A's assistant gets none of them",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'reveals-nothing' },
    parts: ['attachments'],
    input: (w) => ({ path: { personaId: w.persona.customPersonaId } }),
  },
  {
    operationId: 'ingestText',
    title: "B's key cannot ingest text into A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({
      path: { kbId: w.base.kbId },
      body: { title: 'Written by B', text: 'Account B was here.' },
    }),
  },
  {
    operationId: 'ingestUrl',
    title: "B's key cannot ingest a page into A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w, context) => ({
      path: { kbId: w.base.kbId },
      body: { url: `${context.target.fixtureBaseUrl}${ARTICLE.path}` },
    }),
  },
  {
    operationId: 'uploadFile',
    title: "B's key cannot upload a file into A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({
      path: { kbId: w.base.kbId },
      multipart: {
        file: {
          filename: 'from-b.txt',
          contentType: 'text/plain',
          content: new TextEncoder().encode('Account B was here.'),
        },
      },
    }),
  },
  {
    operationId: 'setAutoRefresh',
    title: "B's key cannot change the auto-refresh of A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId }, body: { enabled: true, intervalDays: 7 } }),
  },
  {
    operationId: 'refreshNow',
    title: "B's key cannot start a re-crawl of A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId } }),
  },
  {
    operationId: 'attachKnowledgeBase',
    title: "B's key cannot re-attach A's base to A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['attachments', 'assistant'],
    input: (w) => ({
      path: { kbId: w.base.kbId, personaId: w.persona.customPersonaId },
      body: { grounding_mode: 'strict', enabled: false },
    }),
  },
  {
    operationId: 'attachKnowledgeBase',
    variant: 'own-assistant',
    title: "B's key cannot attach A's base to an assistant of B's own",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: async (w, context) => {
      const mine = await context.resources('other').createPersona('isolation-b');
      return { path: { kbId: w.base.kbId, personaId: mine.customPersonaId }, body: {} };
    },
  },
  {
    operationId: 'attachKnowledgeBase',
    variant: 'own-base',
    title: "B's key cannot attach a base of B's own to A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['attachments', 'assistant'],
    input: async (w, context) => {
      const b = context.resources('other');
      const mine = await b.createBase('isolation-b');
      return { path: { kbId: mine.kbId, personaId: w.persona.customPersonaId }, body: {} };
    },
  },
  {
    operationId: 'updateAttachment',
    title: "B's key cannot change the attachment of A's base to A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['attachments', 'assistant'],
    input: (w) => ({
      path: { kbId: w.base.kbId, personaId: w.persona.customPersonaId },
      body: { grounding_mode: 'strict', enabled: false },
    }),
  },
  {
    operationId: 'detachKnowledgeBase',
    title: "B's key cannot detach A's base from A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['attachments', 'assistant'],
    input: (w) => ({ path: { kbId: w.base.kbId, personaId: w.persona.customPersonaId } }),
  },
  {
    operationId: 'deleteDocument',
    title: "B's key cannot delete a document of A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId, docId: w.docId } }),
  },
  {
    operationId: 'deletePlugin',
    title: "B's key cannot delete A's plugin",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['plugin'],
    input: (w) => ({ body: { title: w.plugin.title } }),
  },
  {
    operationId: 'transferOwnership',
    title: "B's key cannot transfer A's assistant (to B's own owner)",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['assistant'],
    input: (w, context) => ({
      path: { personaId: w.personaObjectId },
      // The realistic attack: B hands A's assistant to its own owner. Without the address, one with
      // no account (which must be refused on A's side too).
      body: {
        newOwnerEmail:
          context.target.keyring.accounts?.other?.email ?? `nobody-${context.prefix}@example.invalid`,
      },
    }),
  },
  {
    operationId: 'deleteKnowledgeBase',
    title: "B's key cannot delete A's base",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['base'],
    input: (w) => ({ path: { kbId: w.base.kbId } }),
  },
  {
    operationId: 'deletePersona',
    title: "B's key cannot delete A's assistant",
    requirements: BASE_REQUIREMENTS,
    verdict: { kind: 'refused' },
    parts: ['assistant'],
    input: (w) => ({ path: { sessionId: SESSION, personaId: w.persona.customPersonaId } }),
  },
];

/** An answer to B carrying any of A's words, ids or counts (an id B itself sent may be echoed). */
function revealed(exchange: Exchange, w: World, input: CallInput): string | undefined {
  const text = exchange.response?.text ?? '';
  const sent = Object.values(input.path ?? {});
  const secret = w.secrets.find((s) => !sent.includes(s) && text.includes(s));
  if (secret !== undefined) return `it carries ${JSON.stringify(secret)}`;
  const body = json(exchange);
  for (const field of ['documentsCount', 'vectorCount'] as const) {
    const value = body[field];
    if (typeof value === 'number' && value > 0) return `it counts ${field} ${value}`;
  }
  if (objects(body.results).length > 0) return `it holds ${objects(body.results).length} results`;
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
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status > 299 || json(exchange).status === false) return;
  if (row.operationId === 'transferOwnership' && context.target.keyring.accounts?.other?.email) {
    w.persona.forget();
    context.resources('other').track('assistant', w.persona.customPersonaId);
  }
  if (row.operationId === 'deletePersona') w.persona.forget();
  if (row.operationId === 'deletePlugin') w.plugin.forget();
  if (row.operationId === 'deleteKnowledgeBase') w.base.forget();
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
