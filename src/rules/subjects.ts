import type { Attempt, PagedRoute, ViewReading } from './judge.ts';
import type { InputCase } from '../generate/input-rules.ts';
import { uniqueWord } from '../generate/identity.ts';
import type { CheckContext } from '../harness/check.ts';
import type { ApiClient, CallInput } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, isObject, objectsIn, succeeded, type JsonObject } from '../http/json.ts';
import { ARTICLE } from '../target/fixture-pages.ts';
import { SESSION_ID } from '../resources/assistants.ts';
import { inBatches } from '../resources/batch.ts';
import { ALL_PLATFORMS, assistantDrafter, pluginBody, searchableOverrides } from '../resources/drafts.ts';
import { fixtureFilePart, pageUrl } from '../resources/fixture-site.ts';
import type { FilePart } from '../http/client.ts';
import { UPLOADABLE_FILES } from '../generate/fixture-sentences.ts';
import { trackKnowledgeBase } from '../resources/knowledge-bases.ts';
import { ASSISTANT } from '../resources/kinds/assistant.ts';
import { trackOne } from '../resources/kinds/create.ts';
import type { Listing } from '../resources/kinds/kind.ts';
import { COLLECTIONS } from '../resources/kinds/registry.ts';
import { PLUGIN } from '../resources/kinds/plugin.ts';
import { baseWithVerbatimMatches } from '../resources/verbatim-base.ts';

/**
 * The subjects of the input-rule cases (src/generate/input-rules.ts): what each operation's case
 * is sent to, sent through the real client, and the views that show what a write stored. Every
 * resource is created through the resource layer and tracked; a write meant to be refused that
 * went through is tracked too, so it is removed whatever the verdict.
 */

/** The body of a case: the subject's own body with the field set to the case's value, or left out. */
function withCase(body: JsonObject, rule: InputCase): JsonObject {
  const next: JsonObject = { ...body, ...rule.context };
  if (rule.absent) delete next[rule.field];
  else next[rule.field] = rule.value;
  return next;
}

/** Pages of a list walked to find one item (the order is not stated), at most this many. */
const WALK_PAGES = 20;
const WALK_LIMIT = 100;

async function walkFor(
  client: ApiClient,
  operationId: string,
  input: { path?: Record<string, string>; query?: Record<string, string | number> },
  itemsField: string,
  matches: (item: JsonObject) => boolean,
): Promise<{ exchange: Exchange; item: JsonObject } | undefined> {
  for (let page = 1; page <= WALK_PAGES; page += 1) {
    const exchange = await client.call(operationId, {
      ...input,
      query: { ...input.query, page, limit: WALK_LIMIT },
    });
    if (!succeeded(exchange)) return undefined;
    const items = objectsIn(bodyOf(exchange), itemsField);
    const item = items.find(matches);
    if (item) return { exchange, item };
    if (items.length < WALK_LIMIT) return undefined;
  }
  return undefined;
}

/**
 * How the account's own ones of a kind whose identity is in its body are read back: a get, and
 * the item of the own listing (one of the kind's `lists`) carrying that identity.
 */
interface OwnViews {
  kind: typeof ASSISTANT | typeof PLUGIN;
  get: {
    operationId: string;
    input: (id: string) => CallInput;
    field: string;
    name: string;
    component: string;
  };
  own: { list: string; query: Record<string, string>; name: string; component: string };
}

/** The own listing of `views`, walked for the item whose `field` is `value`. */
function ownItem(client: ApiClient, views: OwnViews, field: string, value: string) {
  const { kind, own } = views;
  const listing: Listing | undefined = (kind.lists as Readonly<Record<string, Listing>>)[own.list];
  if (listing === undefined) throw new Error(`input rules: ${own.list} is not a listing of a ${kind.name}`);
  const input = { path: { ...listing.path }, query: own.query };
  return walkFor(client, own.list, input, listing.items, (item) => item[field] === value);
}

async function viewsOf(views: OwnViews, client: ApiClient, id: string): Promise<ViewReading[]> {
  const { get, own } = views;
  const got = await client.call(get.operationId, get.input(id));
  const data = bodyOf(got)[get.field];
  const readings: ViewReading[] = [
    { name: get.name, exchange: got, component: get.component, items: isObject(data) ? [data] : [] },
  ];
  const listed = await ownItem(client, views, views.kind.tracked.idInBody, id);
  if (listed)
    readings.push({
      name: own.name,
      exchange: listed.exchange,
      component: own.component,
      items: [listed.item],
    });
  return readings;
}

/** An assistant: get, and its item of the list (every platform, the account's own). */
const ASSISTANT_VIEWS: OwnViews = {
  kind: ASSISTANT,
  get: {
    operationId: 'getPersona',
    input: (id) => ({ path: { sessionId: SESSION_ID, personaId: id } }),
    field: 'personaData',
    name: 'get assistant',
    component: 'PersonaGetItem',
  },
  own: {
    list: 'listPersonas',
    query: { isPublic: 'private', os: ALL_PLATFORMS },
    name: 'list assistants',
    component: 'PersonaListItem',
  },
};

/** A plugin: get, and its item of the own catalog's list. */
const PLUGIN_VIEWS: OwnViews = {
  kind: PLUGIN,
  get: {
    operationId: 'getPlugin',
    input: (title) => ({ query: { title } }),
    field: 'plugin',
    name: 'get plugin',
    component: 'PluginGetItem',
  },
  own: {
    list: 'listPlugins',
    query: { isPublic: 'private', os: 'all' },
    name: 'list plugins',
    component: 'PluginListItem',
  },
};

async function baseView(client: ApiClient, kbId: string, within?: string): Promise<ViewReading[]> {
  const exchange = await client.call('listKnowledgeBases', {});
  const base = objectsIn(bodyOf(exchange), 'kbs').find((kb) => kb.kbId === kbId);
  return [
    {
      name: 'list bases',
      exchange,
      component: 'KnowledgeBase',
      items: base ? [base] : [],
      ...(within ? { within } : {}),
    },
  ];
}

async function documentsView(client: ApiClient, kbId: string): Promise<ViewReading[]> {
  const exchange = await client.call('listDocuments', { path: { kbId } });
  return [
    {
      name: 'list documents',
      exchange,
      component: 'KnowledgeBaseDocument',
      items: objectsIn(bodyOf(exchange), 'documents'),
    },
  ];
}

async function attachmentViews(client: ApiClient, kbId: string, personaId: string): Promise<ViewReading[]> {
  const bases = await client.call('listPersonaKnowledgeBases', { path: { personaId } });
  const get = await client.call('getPersona', { path: { sessionId: SESSION_ID, personaId } });
  const data = bodyOf(get).personaData;
  const attached = isObject(data) && Array.isArray(data.attached_kbs) ? data.attached_kbs : [];
  return [
    {
      name: "assistant's bases",
      exchange: bases,
      component: 'PersonaKnowledgeBase',
      items: objectsIn(bodyOf(bases), 'kbs').filter((kb) => kb.kbId === kbId),
    },
    {
      name: 'get assistant (attached_kbs)',
      exchange: get,
      component: 'AttachedKb',
      items: attached.filter((kb): kb is JsonObject => isObject(kb) && kb.kbId === kbId),
    },
  ];
}

const nothing = (): Promise<ViewReading[]> => Promise.resolve([]);
const noCreate = (): Promise<boolean> => Promise.resolve(false);

async function ownsPluginTitled(client: ApiClient, title: string): Promise<boolean> {
  const get = await client.call('getPlugin', { query: { title } });
  const plugin = bodyOf(get).plugin;
  return get.response?.status === 200 && isObject(plugin) && plugin.isOwner === true;
}

type Sender = (context: CheckContext, rule: InputCase) => Promise<Attempt>;

/** A create case of a kind whose identity is in its body (an assistant, a plugin). */
interface CreateSubject {
  views: OwnViews;
  /** The subject's own body, named `name` (the name finds one accepted without its identity). */
  draw: (context: CheckContext, client: ApiClient, name: string) => Promise<JsonObject>;
  /** Whether one answered with anything but a success was made all the same. */
  made: (client: ApiClient, id: string) => Promise<boolean>;
}

/**
 * Sends a create case; what it made, even if it should have been refused, is tracked for removal.
 * One accepted without the identity it requires is found by the one name the case gave it.
 */
function creating({ views, draw, made }: CreateSubject): Sender {
  const { kind } = views;
  const [create] = kind.creates;
  const idField = kind.tracked.idInBody;
  return async (context, rule) => {
    const client = context.as('full');
    const name = `${context.prefix} ${uniqueWord(context.prefix)}`;
    const body = withCase(await draw(context, client, name), rule);
    const exchange = await client.call(create.operationId, { body });
    const id = body[idField];
    let ids: string[] = [];
    if (typeof id === 'string') {
      if (succeeded(exchange) || (await made(client, id))) ids = [id];
    } else if (succeeded(exchange)) {
      const named = (await ownItem(client, views, 'name', name))?.item[idField];
      if (typeof named === 'string') ids = [named];
    }
    for (const one of ids) trackOne(kind, context.tracker, client, one);
    return {
      exchange,
      views: async () => (ids[0] ? viewsOf(views, client, ids[0]) : []),
      created: () => Promise.resolve(ids.length > 0),
    };
  };
}

const createPersona = creating({
  views: ASSISTANT_VIEWS,
  draw: async (context, client, name) =>
    (await assistantDrafter(client, context.spec, context.prefix))({ os: ['nt'], name }),
  made: async (client, id) =>
    (await client.call('getPersona', ASSISTANT_VIEWS.get.input(id))).response?.status === 200,
});

const updatePersona: Sender = async (context, rule) => {
  const client = context.as('full');
  const { customPersonaId } = await context.make().assistant({ os: ['nt'], ...rule.context });
  const body = withCase({ personaId: customPersonaId }, { ...rule, context: {} });
  if (rule.absent) body.name = `${context.prefix} renamed`;
  const exchange = await client.call('updatePersona', { body });
  return { exchange, views: () => viewsOf(ASSISTANT_VIEWS, client, customPersonaId), created: noCreate };
};

const createPlugin_ = creating({
  views: PLUGIN_VIEWS,
  draw: (context, _client, name) => Promise.resolve(pluginBody(context.spec, context.prefix, { name })),
  // Only the account's own plugin counts: a reserved title may name a built-in one anyone can read.
  made: ownsPluginTitled,
});

const updatePlugin: Sender = async (context, rule) => {
  const client = context.as('full');
  const { title } = await context.make().plugin();
  const body = withCase({ title }, rule);
  if (rule.absent) body.name = `${context.prefix} renamed`;
  const exchange = await client.call('updatePlugin', { body });
  return { exchange, views: () => viewsOf(PLUGIN_VIEWS, client, title), created: noCreate };
};

const createKnowledgeBase: Sender = async (context, rule) => {
  const client = context.as('full');
  const body = withCase({ name: `${context.prefix} rules`, description: '' }, rule);
  const exchange = await client.call('createKnowledgeBase', { body });
  const kbId = bodyOf(exchange).kbId;
  const made = succeeded(exchange) && typeof kbId === 'string';
  if (made) trackKnowledgeBase(context.tracker, client, kbId);
  return {
    exchange,
    views: async () => (made ? baseView(client, kbId) : []),
    created: () => Promise.resolve(made),
  };
};

const ingestText: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const exchange = await kb.ingestText(kbId, withCase(kb.textBody(), rule));
  return { exchange, views: () => documentsView(kb.client, kbId), created: noCreate };
};

const ingestUrl: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const body = withCase(
    { url: pageUrl(context.target, ARTICLE.path), title: `${context.prefix} page` },
    rule,
  );
  const exchange = await kb.client.call('ingestUrl', { path: { kbId }, body });
  return { exchange, views: () => documentsView(kb.client, kbId), created: noCreate };
};

/** Documents whose chunks all hold one query verbatim: more than the topK maximum. */
const VERBATIM_DOCUMENTS = 24;

const queryKnowledgeBase: Sender = async (context, rule) => {
  const kb = context.kb();
  const base = await context.shared('input-rules verbatim base', () =>
    baseWithVerbatimMatches(kb, context.prefix, VERBATIM_DOCUMENTS),
  );
  const body = withCase({ query: base.query }, rule);
  const exchange = await kb.client.call('queryKnowledgeBase', { path: { kbId: base.kbId }, body });
  return { exchange, views: nothing, created: noCreate };
};

const attachKnowledgeBase: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const { customPersonaId } = await kb.createAssistant();
  const exchange = await kb.attach(kbId, customPersonaId, withCase({}, rule));
  return { exchange, views: () => attachmentViews(kb.client, kbId, customPersonaId), created: noCreate };
};

const updateAttachment: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const { customPersonaId } = await kb.createAssistant();
  const attached = await kb.attach(kbId, customPersonaId, {});
  if (!succeeded(attached))
    throw new Error(`setup: attach answered ${attached.response?.status ?? attached.error}`);
  const exchange = await kb.updateAttachment(kbId, customPersonaId, withCase({}, rule));
  return { exchange, views: () => attachmentViews(kb.client, kbId, customPersonaId), created: noCreate };
};

const setAutoRefresh: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const body = withCase({ enabled: false }, rule);
  const exchange = await kb.client.call('setAutoRefresh', { path: { kbId }, body });
  return { exchange, views: () => baseView(kb.client, kbId, 'autoRefresh'), created: noCreate };
};

/** A 1×1 PNG image: not among the types for upload. */
const PNG_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** An empty ZIP archive (its end-of-central-directory record alone): not among the types for upload. */
const ZIP_ARCHIVE = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

/** The file part of a file-type case: a committed fixture for an accepted type, made here for the others. */
function filePartOf(kind: string): FilePart {
  const fixture = UPLOADABLE_FILES.find((file) => file.kind === kind);
  if (fixture) return fixtureFilePart(fixture);
  if (kind === 'PNG')
    return { filename: 'picture.png', contentType: 'image/png', content: new Uint8Array(PNG_IMAGE) };
  if (kind === 'ZIP')
    return { filename: 'archive.zip', contentType: 'application/zip', content: new Uint8Array(ZIP_ARCHIVE) };
  throw new Error(`input rules: no file of type ${kind}`);
}

const uploadFile: Sender = async (context, rule) => {
  const kb = context.kb();
  const { kbId } = await kb.createBase();
  const exchange = await kb.client.call('uploadFile', {
    path: { kbId },
    multipart: { file: filePartOf(String(rule.value)), title: `${context.prefix} ${String(rule.value)}` },
  });
  return { exchange, views: () => documentsView(kb.client, kbId), created: noCreate };
};

/** Each body-carrying operation's subject. An operation with a body and none here fails loudly. */
const SENDERS: Readonly<Record<string, Sender>> = {
  createPersona,
  updatePersona,
  createPlugin: createPlugin_,
  updatePlugin,
  createKnowledgeBase,
  ingestText,
  ingestUrl,
  queryKnowledgeBase,
  attachKnowledgeBase,
  updateAttachment,
  setAutoRefresh,
  uploadFile,
};

/** Sends a body case to its operation's subject. */
export function sendBodyCase(context: CheckContext, rule: InputCase): Promise<Attempt> {
  const sender = SENDERS[rule.operationId];
  if (!sender) throw new Error(`input rules: no subject for ${rule.operationId}; add one to SENDERS`);
  return sender(context, rule);
}

// ---------------------------------------------------------------- paged routes

/**
 * The paged routes, from the kinds' paginated collections: a search is sent the word the paged
 * items carry, a listing its path.
 */
export const PAGED_ROUTES: Readonly<Record<string, PagedRoute & { input: (word: string) => CallInput }>> =
  Object.fromEntries(
    Object.entries(COLLECTIONS).map(([operationId, listing]: [string, Listing & { total: string }]) => [
      operationId,
      {
        itemsField: listing.items,
        totalField: listing.total,
        input: (word: string): CallInput =>
          listing.search === undefined
            ? { path: { ...listing.path } }
            : { query: { [listing.search]: word } },
      },
    ]),
  );

/** Items every paged route matches without a filter: two assistants (nt) and two published plugins, all carrying one word. */
const PAGED_ITEMS = 2;

function pagedWord(context: CheckContext): Promise<string> {
  return context.shared('input-rules paged items', async () => {
    const make = context.make();
    const word = uniqueWord(context.prefix);
    const numbers = Array.from({ length: PAGED_ITEMS }, (_, n) => n);
    await inBatches(numbers, PAGED_ITEMS, (n) =>
      make.assistant({ name: `${context.prefix} ${word} ${n}`, os: ['nt'] }),
    );
    await inBatches(numbers, PAGED_ITEMS, (n) =>
      make.plugin(searchableOverrides(word, { title: `${word}_${n}` })),
    );
    return word;
  });
}

/** Sends a query-parameter case to its paged route. */
export async function sendQueryCase(context: CheckContext, rule: InputCase): Promise<Exchange> {
  const route = PAGED_ROUTES[rule.operationId];
  if (!route)
    throw new Error(
      `input rules: ${rule.operationId} is no paginated listing of a kind (src/resources/kinds/)`,
    );
  const word = await pagedWord(context);
  const input = route.input(word);
  return context.as('full').call(rule.operationId, {
    ...input,
    query: { ...input.query, [rule.field]: rule.value as string | number },
  });
}
