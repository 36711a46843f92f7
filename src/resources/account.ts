import type { ApiClient } from '../http/client.ts';
import { SetupError } from '../checks/failure.ts';
import { bodyOf, isObject } from '../http/json.ts';
import { requireField, requireObjectId, requireSuccess } from './setup.ts';
import { createAssistant, trackAssistant } from './assistants.ts';
import { createKnowledgeBase, trackKnowledgeBase } from './knowledge-bases.ts';
import { createPlugin, trackPlugin } from './plugins.ts';
import type { ResourceTracker } from './tracker.ts';

/**
 * Creation of the resources the auth, errors and limits checks work on, each carrying the run's
 * prefix and registered with the tracker right after it is created. A step that does not get the
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

  /**
   * Registers the removal of a resource a call may have created outside these helpers: an
   * assistant by customPersonaId, a plugin by title, a base by kbId. `client` deletes it (default:
   * this account's), e.g. the other account after a hand-over.
   */
  track(kind: 'assistant' | 'plugin' | 'base', id: string, client: ApiClient = this.client): () => void {
    const register = { assistant: trackAssistant, plugin: trackPlugin, base: trackKnowledgeBase }[kind];
    return register(this.tracker, client, id);
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

  async createPersona(
    label: string,
    overrides: Record<string, unknown> = {},
    client: ApiClient = this.client,
  ): Promise<Persona> {
    const body = await this.personaBody(label, overrides);
    const { customPersonaId, forget } = await createAssistant(client, this.tracker, body);
    return { customPersonaId, name: body.name as string, forget };
  }

  /** The assistant document as get returns it (`personaData`). */
  async getPersona(
    customPersonaId: string,
    client: ApiClient = this.client,
  ): Promise<Record<string, unknown>> {
    const exchange = requireSuccess(
      `get assistant ${customPersonaId}`,
      await client.call('getPersona', { path: { sessionId: 'conformance', personaId: customPersonaId } }),
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

  async createPlugin(
    label: string,
    overrides: Record<string, unknown> = {},
    client: ApiClient = this.client,
  ): Promise<Plugin> {
    const title = this.pluginTitle(label);
    const { forget } = await createPlugin(client, this.tracker, { ...pluginBody(title), ...overrides });
    return { title, forget };
  }

  async createBase(label: string, client: ApiClient = this.client): Promise<Base> {
    const name = this.unique(label);
    const { kbId, forget } = await createKnowledgeBase(client, this.tracker, { name });
    return { kbId, name, forget };
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
