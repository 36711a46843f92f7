import type { Attempt, PagedRoute, ViewReading } from '../checks/input-rules.ts';
import type { InputCase } from '../generate/input-rules.ts';
import { uniqueWord } from '../generate/identity.ts';
import type { CheckContext } from '../harness/check.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, isObject, objectsIn, succeeded, type JsonObject } from '../http/json.ts';
import { ARTICLE } from '../target/fixture-pages.ts';
import { createAssistant, SESSION_ID, trackAssistant } from './assistants.ts';
import { inBatches } from './batch.ts';
import { ALL_PLATFORMS, assistantDrafter, pluginBody } from './drafts.ts';
import { fixtureFilePart, pageUrl } from './fixture-site.ts';
import type { FilePart } from '../http/client.ts';
import { UPLOADABLE_FILES } from '../generate/fixture-sentences.ts';
import { trackKnowledgeBase } from './knowledge-bases.ts';
import { createPlugin, trackPlugin, USER_ID } from './plugins.ts';
import { baseWithVerbatimMatches } from './verbatim-base.ts';

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

/** The views of an assistant: get, and its item of the list (every platform, the account's own). */
async function assistantViews(client: ApiClient, customPersonaId: string): Promise<ViewReading[]> {
  const get = await client.call('getPersona', {
    path: { sessionId: SESSION_ID, personaId: customPersonaId },
  });
  const data = bodyOf(get).personaData;
  const views: ViewReading[] = [
    {
      name: 'get assistant',
      exchange: get,
      component: 'PersonaGetItem',
      items: isObject(data) ? [data] : [],
    },
  ];
  const listed = await walkFor(
    client,
    'listPersonas',
    { path: { sessionId: SESSION_ID }, query: { isPublic: 'private', os: ALL_PLATFORMS } },
    'allPersonas',
    (item) => item.customPersonaId === customPersonaId,
  );
  if (listed)
    views.push({
      name: 'list assistants',
      exchange: listed.exchange,
      component: 'PersonaListItem',
      items: [listed.item],
    });
  return views;
}

/** The views of a plugin: get, and its item of the own catalog's list. */
async function pluginViews(client: ApiClient, title: string): Promise<ViewReading[]> {
  const get = await client.call('getPlugin', { query: { title } });
  const plugin = bodyOf(get).plugin;
  const views: ViewReading[] = [
    {
      name: 'get plugin',
      exchange: get,
      component: 'PluginGetItem',
      items: isObject(plugin) ? [plugin] : [],
    },
  ];
  const listed = await walkFor(
    client,
    'listPlugins',
    { path: { userId: USER_ID }, query: { isPublic: 'private', os: 'all' } },
    'plugin',
    (item) => item.title === title,
  );
  if (listed)
    views.push({
      name: 'list plugins',
      exchange: listed.exchange,
      component: 'PluginListItem',
      items: [listed.item],
    });
  return views;
}

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

/** Whether a create that was answered went through; tracked for removal if so. */
async function assistantCreated(
  context: CheckContext,
  client: ApiClient,
  id: string,
  answer: Exchange,
): Promise<boolean> {
  const seen =
    succeeded(answer) ||
    (await client.call('getPersona', { path: { sessionId: SESSION_ID, personaId: id } })).response?.status ===
      200;
  if (seen) trackAssistant(context.tracker, client, id);
  return seen;
}

async function ownsPluginTitled(client: ApiClient, title: string): Promise<boolean> {
  const get = await client.call('getPlugin', { query: { title } });
  const plugin = bodyOf(get).plugin;
  return get.response?.status === 200 && isObject(plugin) && plugin.isOwner === true;
}

async function pluginCreated(
  context: CheckContext,
  client: ApiClient,
  title: string,
  answer: Exchange,
): Promise<boolean> {
  // Only the account's own plugin counts: a reserved title may name a built-in one anyone can read.
  const seen = succeeded(answer) || (await ownsPluginTitled(client, title));
  if (seen) trackPlugin(context.tracker, client, title);
  return seen;
}

/** The items of the account's own lists whose `field` is exactly `value` (a create sent without its id). */
async function ownAssistantsNamed(client: ApiClient, name: string): Promise<string[]> {
  const found = await walkFor(
    client,
    'listPersonas',
    { path: { sessionId: SESSION_ID }, query: { isPublic: 'private', os: ALL_PLATFORMS } },
    'allPersonas',
    (item) => item.name === name,
  );
  const id = found?.item.customPersonaId;
  return typeof id === 'string' ? [id] : [];
}

async function ownPluginsNamed(client: ApiClient, name: string): Promise<string[]> {
  const found = await walkFor(
    client,
    'listPlugins',
    { path: { userId: USER_ID }, query: { isPublic: 'private', os: 'all' } },
    'plugin',
    (item) => item.name === name,
  );
  const title = found?.item.title;
  return typeof title === 'string' ? [title] : [];
}

type Sender = (context: CheckContext, rule: InputCase) => Promise<Attempt>;

const createPersona: Sender = async (context, rule) => {
  const client = context.as('full');
  const draft = await assistantDrafter(client, context.spec, context.prefix);
  const name = `${context.prefix} ${uniqueWord(context.prefix)}`;
  const body = withCase(draft({ os: ['nt'], name }), rule);
  const exchange = await client.call('createPersona', { body });
  let ids: string[] = [];
  if (typeof body.customPersonaId === 'string') {
    if (await assistantCreated(context, client, body.customPersonaId, exchange)) ids = [body.customPersonaId];
  } else if (succeeded(exchange)) {
    // Accepted without the id it requires: found by the one name this case gave it, and removed.
    ids = await ownAssistantsNamed(client, name);
    for (const id of ids) trackAssistant(context.tracker, client, id);
  }
  return {
    exchange,
    views: async () => (ids[0] ? assistantViews(client, ids[0]) : []),
    created: () => Promise.resolve(ids.length > 0),
  };
};

const updatePersona: Sender = async (context, rule) => {
  const client = context.as('full');
  const draft = await assistantDrafter(client, context.spec, context.prefix);
  const { customPersonaId } = await createAssistant(
    client,
    context.tracker,
    draft({ os: ['nt'], ...rule.context }),
  );
  const body = withCase({ personaId: customPersonaId }, { ...rule, context: {} });
  if (rule.absent) body.name = `${context.prefix} renamed`;
  const exchange = await client.call('updatePersona', { body });
  return { exchange, views: () => assistantViews(client, customPersonaId), created: noCreate };
};

const createPlugin_: Sender = async (context, rule) => {
  const client = context.as('full');
  const name = `${context.prefix} ${uniqueWord(context.prefix)}`;
  const body = withCase(pluginBody(context.spec, context.prefix, { name }), rule);
  const exchange = await client.call('createPlugin', { body });
  let titles: string[] = [];
  if (typeof body.title === 'string') {
    if (await pluginCreated(context, client, body.title, exchange)) titles = [body.title];
  } else if (succeeded(exchange)) {
    titles = await ownPluginsNamed(client, name);
    for (const title of titles) trackPlugin(context.tracker, client, title);
  }
  return {
    exchange,
    views: async () => (titles[0] ? pluginViews(client, titles[0]) : []),
    created: () => Promise.resolve(titles.length > 0),
  };
};

const updatePlugin: Sender = async (context, rule) => {
  const client = context.as('full');
  const { title } = await createPlugin(client, context.tracker, pluginBody(context.spec, context.prefix));
  const body = withCase({ title }, rule);
  if (rule.absent) body.name = `${context.prefix} renamed`;
  const exchange = await client.call('updatePlugin', { body });
  return { exchange, views: () => pluginViews(client, title), created: noCreate };
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

export const PAGED_ROUTES: Readonly<
  Record<
    string,
    PagedRoute & {
      input: (word: string) => { path?: Record<string, string>; query?: Record<string, string> };
    }
  >
> = {
  listPersonas: {
    itemsField: 'allPersonas',
    totalField: 'totalPersonas',
    input: () => ({ path: { sessionId: SESSION_ID } }),
  },
  searchPersonas: {
    itemsField: 'allPersonas',
    totalField: 'totalPersonas',
    input: (word) => ({ query: { search: word } }),
  },
  listPlugins: {
    itemsField: 'plugin',
    totalField: 'totalPlugins',
    input: () => ({ path: { userId: USER_ID } }),
  },
  searchPlugins: {
    itemsField: 'plugin',
    totalField: 'totalPlugins',
    input: (word) => ({ query: { search: word } }),
  },
};

/** Items every paged route matches without a filter: two assistants (nt) and two published plugins, all carrying one word. */
const PAGED_ITEMS = 2;

function pagedWord(context: CheckContext): Promise<string> {
  return context.shared('input-rules paged items', async () => {
    const client = context.as('full');
    const word = uniqueWord(context.prefix);
    const draft = await assistantDrafter(client, context.spec, context.prefix);
    const numbers = Array.from({ length: PAGED_ITEMS }, (_, n) => n);
    await inBatches(numbers, PAGED_ITEMS, (n) =>
      createAssistant(client, context.tracker, draft({ name: `${context.prefix} ${word} ${n}`, os: ['nt'] })),
    );
    await inBatches(numbers, PAGED_ITEMS, (n) =>
      createPlugin(
        client,
        context.tracker,
        pluginBody(context.spec, context.prefix, {
          title: `${word}_${n}`,
          name: word,
          tags: [word],
          human_description: word,
          ai_description: word,
          isPublic: true,
        }),
      ),
    );
    return word;
  });
}

/** Sends a query-parameter case to its paged route. */
export async function sendQueryCase(context: CheckContext, rule: InputCase): Promise<Exchange> {
  const route = PAGED_ROUTES[rule.operationId];
  if (!route) throw new Error(`input rules: no paged route ${rule.operationId}; add it to PAGED_ROUTES`);
  const word = await pagedWord(context);
  const input = route.input(word);
  return context.as('full').call(rule.operationId, {
    ...input,
    query: { ...input.query, [rule.field]: rule.value as string | number },
  });
}
