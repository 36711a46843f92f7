import type { AccountResources, Base, Persona, Plugin } from './account.ts';
import type { Bench, PreparedRequest, RequestBuilder } from './kinds/kind.ts';
import { SAMPLE_TEXT } from './kinds/knowledge-base.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';

export type { PreparedRequest } from './kinds/kind.ts';

/**
 * For every operation, a request that is valid for a key allowed to make it (see PreparedRequest),
 * from the kind whose operation it is (src/resources/kinds/): the bench below is what the kinds'
 * requests are made on.
 */

/** Resources shared by the checks of one file, created on first use; throwaway ones on every call. */
export class Workbench implements Bench {
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

  base(): Promise<Base> {
    return this.once('base', async () => {
      const base = await this.resources.createBase('shared');
      await this.resources.ingestText(base.kbId, 'Lighthouse logbook', SAMPLE_TEXT);
      return base;
    });
  }

  detachableBase(): Promise<Base> {
    return this.once('detachable-base', () => this.resources.createBase('detachable'));
  }

  createBody(kind: string, label: string): Promise<Record<string, unknown>> {
    return this.resources.createBody(kind, label);
  }

  throwaway(kind: string, label: string): Promise<{ id: string; forget: () => void }> {
    return this.resources.create(kind, label);
  }

  track(kind: string, id: string): void {
    this.resources.track(kind, id);
  }

  personaObjectId(customPersonaId: string): Promise<string> {
    return this.resources.personaObjectId(customPersonaId);
  }

  ingestText(kbId: string, title: string, text: string): Promise<string> {
    return this.resources.ingestText(kbId, title, text);
  }

  attach(kbId: string, personaId: string): Promise<void> {
    return this.resources.attach(kbId, personaId);
  }
}

/** The operations on nothing the suite makes: the voice catalog is read, never written. */
const WITHOUT_KIND: Readonly<Record<string, RequestBuilder>> = {
  listVoices: () => ({ input: {} }),
};

/** The prepared request of an operation; an operation no kind names is a gap in this suite. */
export async function prepareRequest(
  operationId: string,
  bench: Bench,
  kinds: KindRegistry = KINDS,
): Promise<PreparedRequest> {
  const build = kinds.request(operationId) ?? WITHOUT_KIND[operationId];
  if (!build)
    throw new Error(
      `no prepared request for ${operationId}: add one to its kind's requests (src/resources/kinds/)`,
    );
  return build(bench);
}
