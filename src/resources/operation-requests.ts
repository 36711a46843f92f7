import type { CallInput } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, succeeded } from '../http/json.ts';
import { ARTICLE } from '../target/fixture-pages.ts';
import { pluginBody, type AccountResources, type Base, type Persona, type Plugin } from './account.ts';

/**
 * For every operation, a request that is valid for a key allowed to make it, on resources made for
 * the purpose. A key that must be refused then has nothing but its scope to be refused for, and a
 * wrong implementation that lets it through consumes only throwaway resources.
 */
export interface PreparedRequest {
  input: CallInput;
  /**
   * What the document says a key allowed to make the call gets for this request: the operation's
   * success (status and schema), or for a setup the document answers otherwise, a refusal of the
   * request itself (never one for scope).
   */
  documentedAnswer?: 'success' | 'refused';
  /** Called with the answer: registers what the call created, forgets what it deleted. */
  settle?: (exchange: Exchange) => void;
}

const SESSION = 'conformance';

const SAMPLE_TEXT =
  'The conformance suite keeps a logbook of lighthouse keepers. Each keeper rowed supplies ashore when the swell allowed a landing.';

/** Resources shared by the checks of one file, created on first use; throwaway ones on every call. */
export class Workbench {
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(
    readonly resources: AccountResources,
    readonly fixtureBaseUrl: string,
  ) {}

  get prefix(): string {
    return this.resources.prefix;
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.shared.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.shared.set(key, value);
    }
    return value;
  }

  persona(): Promise<Persona> {
    return this.once('persona', () => this.resources.createPersona('shared'));
  }

  plugin(): Promise<Plugin> {
    return this.once('plugin', () => this.resources.createPlugin('shared'));
  }

  /** A base holding one pasted-text document. */
  base(): Promise<Base> {
    return this.once('base', async () => {
      const base = await this.resources.createBase('shared');
      await this.resources.ingestText(base.kbId, 'Lighthouse logbook', SAMPLE_TEXT);
      return base;
    });
  }

  /** A second base, attached and detached again by the detach checks. */
  detachableBase(): Promise<Base> {
    return this.once('detachable-base', () => this.resources.createBase('detachable'));
  }
}

/** A request deleting a throwaway resource: its cleanup is dropped once the call deleted it. */
function deleting(created: { forget: () => void }, input: CallInput): PreparedRequest {
  return {
    input,
    settle: (exchange) => {
      if (succeeded(exchange)) created.forget();
    },
  };
}

type RequestBuilder = (bench: Workbench) => PreparedRequest | Promise<PreparedRequest>;

/** Every operation of spec/openapi.yaml must have an entry; the matrix fails a row that has none. */
const OPERATION_REQUESTS: Readonly<Record<string, RequestBuilder>> = {
  listPersonas: () => ({ input: { path: { sessionId: SESSION } } }),
  searchPersonas: (bench) => ({ input: { query: { search: bench.prefix } } }),
  getPersona: async (bench) => {
    const persona = await bench.persona();
    return { input: { path: { sessionId: SESSION, personaId: persona.customPersonaId } } };
  },
  createPersona: async (bench) => {
    const body = await bench.resources.personaBody('created');
    const customPersonaId = body.customPersonaId as string;
    return {
      input: { body },
      settle: (exchange) => {
        if (succeeded(exchange)) bench.resources.track('assistant', customPersonaId);
      },
    };
  },
  updatePersona: async (bench) => {
    const persona = await bench.persona();
    return {
      input: { body: { personaId: persona.customPersonaId, title: 'Updated by the conformance suite' } },
    };
  },
  deletePersona: async (bench) => {
    const persona = await bench.resources.createPersona('to-delete');
    return deleting(persona, { path: { sessionId: SESSION, personaId: persona.customPersonaId } });
  },
  sharePersona: async (bench) => {
    const persona = await bench.persona();
    return { input: { path: { customPersonaId: persona.customPersonaId } } };
  },
  transferOwnership: async (bench) => {
    const persona = await bench.resources.createPersona('to-transfer');
    const objectId = await bench.resources.personaObjectId(persona.customPersonaId);
    // An address with no account: a transfer let through by mistake cannot move the assistant anywhere.
    // The document answers that setup with a refusal ("must already have an account").
    return {
      documentedAnswer: 'refused',
      input: {
        path: { personaId: objectId },
        body: { newOwnerEmail: `nobody-${bench.prefix}@example.invalid` },
      },
    };
  },
  listVoices: () => ({ input: {} }),

  listPlugins: () => ({ input: { path: { userId: SESSION } } }),
  getPlugin: async (bench) => ({ input: { query: { title: (await bench.plugin()).title } } }),
  searchPlugins: (bench) => ({ input: { query: { search: bench.prefix } } }),
  createPlugin: (bench) => {
    const title = bench.resources.pluginTitle('created');
    return {
      input: { body: pluginBody(title) },
      settle: (exchange) => {
        if (succeeded(exchange)) bench.resources.track('plugin', title);
      },
    };
  },
  updatePlugin: async (bench) => ({
    input: {
      body: { title: (await bench.plugin()).title, human_description: 'Updated by the conformance suite.' },
    },
  }),
  deletePlugin: async (bench) => {
    const plugin = await bench.resources.createPlugin('to-delete');
    return deleting(plugin, { body: { title: plugin.title } });
  },

  listKnowledgeBases: () => ({ input: {} }),
  createKnowledgeBase: (bench) => ({
    input: { body: { name: bench.resources.unique('created') } },
    settle: (exchange) => {
      const kbId = bodyOf(exchange).kbId;
      if (succeeded(exchange) && typeof kbId === 'string') bench.resources.track('base', kbId);
    },
  }),
  deleteKnowledgeBase: async (bench) => {
    const base = await bench.resources.createBase('to-delete');
    return deleting(base, { path: { kbId: base.kbId } });
  },
  ingestText: async (bench) => ({
    input: { path: { kbId: (await bench.base()).kbId }, body: { title: 'Keeper notes', text: SAMPLE_TEXT } },
  }),
  ingestUrl: async (bench) => ({
    input: {
      path: { kbId: (await bench.base()).kbId },
      body: { url: `${bench.fixtureBaseUrl}${ARTICLE.path}` },
    },
  }),
  uploadFile: async (bench) => ({
    input: {
      path: { kbId: (await bench.base()).kbId },
      multipart: {
        file: {
          filename: 'keeper-notes.txt',
          contentType: 'text/plain',
          content: new TextEncoder().encode(SAMPLE_TEXT),
        },
        title: 'Keeper notes (file)',
      },
    },
  }),
  listDocuments: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
  deleteDocument: async (bench) => {
    const base = await bench.base();
    const docId = await bench.resources.ingestText(base.kbId, 'Document to delete', SAMPLE_TEXT);
    return { input: { path: { kbId: base.kbId, docId } } };
  },
  queryKnowledgeBase: async (bench) => ({
    input: { path: { kbId: (await bench.base()).kbId }, body: { query: 'lighthouse keepers' } },
  }),
  getKnowledgeBaseStats: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
  listPersonaKnowledgeBases: async (bench) => ({
    input: { path: { personaId: (await bench.persona()).customPersonaId } },
  }),
  attachKnowledgeBase: async (bench) => {
    const [base, persona] = await Promise.all([bench.base(), bench.persona()]);
    return {
      input: {
        path: { kbId: base.kbId, personaId: persona.customPersonaId },
        body: { grounding_mode: 'supplemental' },
      },
    };
  },
  updateAttachment: async (bench) => {
    const [base, persona] = await Promise.all([bench.base(), bench.persona()]);
    await bench.resources.attach(base.kbId, persona.customPersonaId);
    return {
      input: { path: { kbId: base.kbId, personaId: persona.customPersonaId }, body: { enabled: true } },
    };
  },
  detachKnowledgeBase: async (bench) => {
    const [base, persona] = await Promise.all([bench.detachableBase(), bench.persona()]);
    await bench.resources.attach(base.kbId, persona.customPersonaId);
    return { input: { path: { kbId: base.kbId, personaId: persona.customPersonaId } } };
  },
  setAutoRefresh: async (bench) => ({
    input: { path: { kbId: (await bench.base()).kbId }, body: { enabled: false } },
  }),
  refreshNow: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
};

/** The prepared request of an operation; an operation without an entry is a gap in this suite. */
export async function prepareRequest(operationId: string, bench: Workbench): Promise<PreparedRequest> {
  const build = OPERATION_REQUESTS[operationId];
  if (!build)
    throw new Error(`src/resources/operation-requests.ts has no request for ${operationId}: add one`);
  return build(bench);
}
