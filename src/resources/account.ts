import type { ApiClient } from '../http/client.ts';
import { SetupError } from '../expect/failure.ts';
import { bodyOf, isObject } from '../http/json.ts';
import { requireField, requireObjectId, requireSuccess } from './setup.ts';
import { echoPluginBody } from './drafts.ts';
import { ASSISTANT, SESSION_ID } from './kinds/assistant.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { KNOWLEDGE_BASE } from './kinds/knowledge-base.ts';
import { PLUGIN } from './kinds/plugin.ts';
import { KINDS } from './kinds/registry.ts';
import type { ResourceMaker } from './maker.ts';

/**
 * The labelled resources the auth, errors and limits checks and the model work on, each carrying
 * the run's prefix: bodies written here whole (not drawn), created and tracked through the file's
 * ResourceMaker for the account, so through the kinds' descriptors. A step that does not get the
 * answer it needs throws a SetupError (src/resources/setup.ts).
 */

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

function trackedKind(name: string): TrackedKind {
  const kind = KINDS.tracked(name);
  if (kind === undefined) throw new Error(`resources: "${name}" is not a kind the run tracks`);
  return kind;
}

/**
 * Creates what a check needs on account A through `client` (a key holding manage everywhere),
 * naming everything `<prefix>…` and registering its removal.
 */
export class AccountResources {
  private counter = 0;
  private voice: Promise<string> | undefined;

  constructor(
    private readonly maker: ResourceMaker,
    readonly prefix: string,
  ) {}

  /** The account's client (a key holding manage everywhere). */
  get client(): ApiClient {
    return this.maker.client;
  }

  /** How each tracked kind's body is written, by the kind's name: unique within the file by its label. */
  private readonly bodies: Readonly<Record<string, (label: string) => Promise<Record<string, unknown>>>> = {
    [ASSISTANT.name]: (label) => this.personaBody(label),
    [PLUGIN.name]: (label) => Promise.resolve(echoPluginBody(this.pluginTitle(label))),
    [KNOWLEDGE_BASE.name]: (label) => Promise.resolve({ name: this.unique(label) }),
  };

  /**
   * Registers the removal of a resource a call may have created outside these helpers, by its
   * kind's name: an assistant by customPersonaId, a plugin by title, a knowledge base by kbId.
   * `client` deletes it (default: this account's), e.g. the other account after a hand-over.
   */
  track(kind: string, id: string, client: ApiClient = this.client): () => void {
    return this.maker.track(trackedKind(kind), id, client);
  }

  /** A labelled create body of a tracked kind (by its name); `overrides` replace or add fields. */
  async createBody(
    kind: string,
    label: string,
    overrides: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const write = this.bodies[kind];
    if (write === undefined) throw new Error(`resources: no body is written for a ${kind}`);
    return { ...(await write(label)), ...overrides };
  }

  /** One of a tracked kind (by its name) from its labelled body, tracked for removal. */
  async create(
    kind: string,
    label: string,
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: string; forget: () => void; body: Record<string, unknown> }> {
    const body = await this.createBody(kind, label, overrides);
    return { ...(await this.maker.create(trackedKind(kind), body)), body };
  }

  /** A name unique within the file: the prefix, a label and a counter (letters, digits and dashes). */
  unique(label: string): string {
    this.counter += 1;
    return `${this.prefix}-${label}-${this.counter}`;
  }

  /** The `_id` of a voice of the catalog, for assistant bodies. */
  voiceId(): Promise<string> {
    this.voice ??= (async () => {
      const exchange = requireSuccess('list voices', await this.client.call('listVoices'));
      const data = bodyOf(exchange).data;
      const first: unknown = Array.isArray(data) ? data[0] : undefined;
      if (!isObject(first) || typeof first._id !== 'string')
        throw new SetupError('setup: the voice catalog has no voice to create an assistant with', exchange);
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

  async createPersona(label: string, overrides: Record<string, unknown> = {}): Promise<Persona> {
    const { id, forget, body } = await this.create(ASSISTANT.name, label, overrides);
    return { customPersonaId: id, name: body.name as string, forget };
  }

  /** The assistant document as get returns it (`personaData`). */
  async getPersona(
    customPersonaId: string,
    client: ApiClient = this.client,
  ): Promise<Record<string, unknown>> {
    const exchange = requireSuccess(
      `get assistant ${customPersonaId}`,
      await client.call('getPersona', { path: { sessionId: SESSION_ID, personaId: customPersonaId } }),
    );
    const data = bodyOf(exchange).personaData;
    return isObject(data) ? data : {};
  }

  /** The object `_id` of an assistant (the transfer route's `personaId`). */
  async personaObjectId(customPersonaId: string): Promise<string> {
    return requireObjectId(`get assistant ${customPersonaId}`, await this.getPersona(customPersonaId));
  }

  /** A plugin title: the prefix in snake_case with a label and a counter. */
  pluginTitle(label: string): string {
    return this.unique(label).replace(/-/g, '_');
  }

  async createPlugin(label: string, overrides: Record<string, unknown> = {}): Promise<Plugin> {
    const { id, forget } = await this.create(PLUGIN.name, label, overrides);
    return { title: id, forget };
  }

  async createBase(label: string): Promise<Base> {
    const { id, forget, body } = await this.create(KNOWLEDGE_BASE.name, label);
    return { kbId: id, name: String(body.name), forget };
  }

  /** Ingests pasted text into a base (removed with the base); returns the docId. */
  async ingestText(kbId: string, title: string, text: string, mode?: 'vector' | 'inline'): Promise<string> {
    const exchange = requireSuccess(
      `ingest text into ${kbId}`,
      await this.client.call('ingestText', {
        path: { kbId },
        body: { title, text, ...(mode ? { mode } : {}) },
      }),
    );
    return requireField(`ingest text into ${kbId}`, exchange, 'docId');
  }

  /** Attaches a base to an assistant (again, if already attached); the attachment goes with either. */
  async attach(kbId: string, personaId: string): Promise<void> {
    requireSuccess(
      `attach ${kbId} to ${personaId}`,
      await this.client.call('attachKnowledgeBase', { path: { kbId, personaId }, body: {} }),
    );
  }
}
