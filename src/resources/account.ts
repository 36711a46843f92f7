import type { CheckContext } from '../harness/check.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { ResourceTracker } from './tracker.ts';

/**
 * Creation of the resources the auth, errors and limits checks work on, each carrying the run's
 * prefix and registered with the tracker right after it is created. Setup failures are thrown as
 * plain errors: they are not a verdict on the operation the check is about.
 */

/** The answer was a success (2xx), or the setup step fails with what came back. */
export function succeeded(what: string, exchange: Exchange): Exchange {
  const status = exchange.response?.status;
  if (status === undefined || status < 200 || status > 299) {
    const detail = exchange.response
      ? `${status} ${exchange.response.text.slice(0, 300)}`
      : (exchange.error ?? 'no response');
    throw new Error(`setup: ${what} did not succeed: ${detail}`);
  }
  return exchange;
}

function record(json: unknown): Record<string, unknown> {
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : {};
}

/** What a check created; `forget` drops its cleanup once the check deleted it itself. */
interface Tracked {
  forget: () => void;
}

export interface Persona extends Tracked {
  customPersonaId: string;
  name: string;
}

export interface Plugin extends Tracked {
  title: string;
}

export interface Base extends Tracked {
  kbId: string;
  name: string;
}

/** A valid plugin create body (every required field present) with the given title. */
export function pluginBody(title: string): Record<string, unknown> {
  return {
    title,
    name: `Conformance ${title}`,
    tags: ['conformance'],
    authentication_required: false,
    os: ['nt'],
    human_description: 'Echoes its argument; created by the conformance suite.',
    ai_description: 'Call it with a word; it returns the same word.',
    parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    func_schema: JSON.stringify({
      name: title,
      parameters: { type: 'object', properties: { word: { type: 'string' } } },
    }),
    func_run: 'def _run(self, word):\n    return word\n',
    isPublic: false,
    isAnonymous: false,
  };
}

/**
 * Creates what a check needs on account A through `client` (a key holding manage everywhere),
 * naming everything `<prefix>…` and registering its removal.
 */
export class AccountResources {
  private counter = 0;
  private voice: Promise<string> | undefined;

  constructor(
    readonly client: ApiClient,
    readonly tracker: ResourceTracker,
    readonly prefix: string,
  ) {}

  /** A name unique within the file: the prefix, a label and a counter (letters, digits and dashes). */
  unique(label: string): string {
    this.counter += 1;
    return `${this.prefix}-${label}-${this.counter}`;
  }

  /** The `_id` of a voice of the catalog, for assistant bodies. */
  voiceId(): Promise<string> {
    this.voice ??= (async () => {
      const exchange = succeeded('list voices', await this.client.call('listVoices'));
      const data = record(exchange.response?.json).data;
      const first = Array.isArray(data) ? record(data[0]) : {};
      if (typeof first._id !== 'string')
        throw new Error('setup: the voice catalog has no voice to create an assistant with');
      return first._id;
    })();
    return this.voice;
  }

  /** A valid assistant create body; `overrides` replace or add fields. */
  async personaBody(
    label: string,
    overrides: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const id = this.unique(label);
    return {
      name: `Conformance ${id}`,
      customPersonaId: id,
      isPublic: false,
      voice: await this.voiceId(),
      tags: [],
      os: ['nt'],
      ...overrides,
    };
  }

  /** Registers the deletion of an assistant the caller created (or that a call may have created). */
  trackPersona(customPersonaId: string, client: ApiClient = this.client): () => void {
    return this.tracker.register(`assistant ${customPersonaId}`, async () => {
      succeeded(
        `delete assistant ${customPersonaId}`,
        await client.call('deletePersona', {
          path: { sessionId: 'conformance', personaId: customPersonaId },
        }),
      );
    });
  }

  async createPersona(
    label: string,
    overrides: Record<string, unknown> = {},
    client: ApiClient = this.client,
  ): Promise<Persona> {
    const body = await this.personaBody(label, overrides);
    const customPersonaId = body.customPersonaId as string;
    succeeded(`create assistant ${customPersonaId}`, await client.call('createPersona', { body }));
    const forget = this.trackPersona(customPersonaId, client);
    return { customPersonaId, name: body.name as string, forget };
  }

  /** The assistant document as get returns it (`personaData`). */
  async getPersona(
    customPersonaId: string,
    client: ApiClient = this.client,
  ): Promise<Record<string, unknown>> {
    const exchange = succeeded(
      `get assistant ${customPersonaId}`,
      await client.call('getPersona', { path: { sessionId: 'conformance', personaId: customPersonaId } }),
    );
    return record(record(exchange.response?.json).personaData);
  }

  /** The object `_id` of an assistant (the transfer route's `personaId`). */
  async personaObjectId(customPersonaId: string): Promise<string> {
    const id = (await this.getPersona(customPersonaId))._id;
    if (typeof id !== 'string') throw new Error(`setup: get assistant ${customPersonaId} returned no _id`);
    return id;
  }

  /** A plugin title: the prefix in snake_case with a label and a counter. */
  pluginTitle(label: string): string {
    return this.unique(label).replace(/-/g, '_');
  }

  trackPlugin(title: string, client: ApiClient = this.client): () => void {
    return this.tracker.register(`plugin ${title}`, async () => {
      succeeded(`delete plugin ${title}`, await client.call('deletePlugin', { body: { title } }));
    });
  }

  async createPlugin(
    label: string,
    overrides: Record<string, unknown> = {},
    client: ApiClient = this.client,
  ): Promise<Plugin> {
    const title = this.pluginTitle(label);
    succeeded(
      `create plugin ${title}`,
      await client.call('createPlugin', { body: { ...pluginBody(title), ...overrides } }),
    );
    const forget = this.trackPlugin(title, client);
    return { title, forget };
  }

  trackBase(kbId: string, client: ApiClient = this.client): () => void {
    return this.tracker.register(`knowledge base ${kbId}`, async () => {
      succeeded(
        `delete knowledge base ${kbId}`,
        await client.call('deleteKnowledgeBase', { path: { kbId } }),
      );
    });
  }

  async createBase(label: string, client: ApiClient = this.client): Promise<Base> {
    const name = this.unique(label);
    const exchange = succeeded(
      `create knowledge base ${name}`,
      await client.call('createKnowledgeBase', { body: { name } }),
    );
    const kbId = record(exchange.response?.json).kbId;
    if (typeof kbId !== 'string') throw new Error(`setup: create knowledge base ${name} returned no kbId`);
    const forget = this.trackBase(kbId, client);
    return { kbId, name, forget };
  }

  /** Ingests pasted text into a base (removed with the base); returns the docId. */
  async ingestText(kbId: string, title: string, text: string, mode?: 'vector' | 'inline'): Promise<string> {
    const exchange = succeeded(
      `ingest text into ${kbId}`,
      await this.client.call('ingestText', {
        path: { kbId },
        body: { title, text, ...(mode ? { mode } : {}) },
      }),
    );
    const docId = record(exchange.response?.json).docId;
    if (typeof docId !== 'string') throw new Error(`setup: ingest text into ${kbId} returned no docId`);
    return docId;
  }

  /** Attaches a base to an assistant (again, if already attached); the attachment goes with either. */
  async attach(kbId: string, personaId: string): Promise<void> {
    succeeded(
      `attach ${kbId} to ${personaId}`,
      await this.client.call('attachKnowledgeBase', { path: { kbId, personaId }, body: {} }),
    );
  }
}

const registries = new WeakMap<object, Map<string, AccountResources>>();

/**
 * The file's resource maker for account A (`full`) or account B (`other`), one per tracker and
 * account so that names never repeat within a file. Asking for it skips the check when the
 * keyring lacks the role.
 */
export function accountResources(
  context: Pick<CheckContext, 'as' | 'tracker' | 'prefix'>,
  role: 'full' | 'other' = 'full',
): AccountResources {
  const client = context.as(role);
  let registry = registries.get(context.tracker);
  if (!registry) {
    registry = new Map();
    registries.set(context.tracker, registry);
  }
  let resources = registry.get(role);
  if (!resources) {
    resources = new AccountResources(
      client,
      context.tracker,
      role === 'full' ? context.prefix : `${context.prefix}b`,
    );
    registry.set(role, resources);
  }
  return resources;
}
