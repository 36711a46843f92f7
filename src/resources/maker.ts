import type { ApiClient } from '../http/client.ts';
import type { BodyOverrides } from '../generate/overrides.ts';
import { baseBody } from '../generate/knowledge.ts';
import type { Spec } from '../spec/openapi.ts';
import { createAssistant, type CreatedAssistant, type CreatedResource } from './assistants.ts';
import { assistantDrafter, pluginBody } from './drafts.ts';
import { createOne, trackOne, type CreateOptions } from './kinds/create.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { createKnowledgeBase, type CreatedKnowledgeBase } from './knowledge-bases.ts';
import { createPlugin, type CreatedPlugin } from './plugins.ts';
import type { ResourceTracker } from './tracker.ts';

/** What was made, with the body it was made from (the fields a check then compares). */
type Made<T> = T & { body: Record<string, unknown> };

/**
 * A check's set-up maker for one account (`ctx.make(role)`): a realistic body drawn from the
 * spec's schema with the check's overrides, created through the kind's descriptor
 * (src/resources/kinds/) and tracked for deletion. Set-up never judges: an answer it cannot go on
 * with is a SetupError, a failure only of a check whose own operation that create is.
 */
export class ResourceMaker {
  /** The assistant drafter, reading the voice catalog once per check and account. */
  private drafter: ReturnType<typeof assistantDrafter> | undefined;

  constructor(
    readonly client: ApiClient,
    readonly tracker: ResourceTracker,
    private readonly spec: Spec,
    private readonly prefix: string,
  ) {}

  async assistant(
    overrides: BodyOverrides = {},
    options: CreateOptions = {},
  ): Promise<Made<CreatedAssistant>> {
    this.drafter ??= assistantDrafter(this.client, this.spec, this.prefix);
    const body = (await this.drafter)(overrides);
    return { ...(await createAssistant(this.client, this.tracker, body, options)), body };
  }

  async plugin(overrides: BodyOverrides = {}, options: CreateOptions = {}): Promise<Made<CreatedPlugin>> {
    const body = pluginBody(this.spec, this.prefix, overrides);
    return { ...(await createPlugin(this.client, this.tracker, body, options)), body };
  }

  async knowledgeBase(
    overrides: BodyOverrides = {},
    options: CreateOptions = {},
  ): Promise<Made<CreatedKnowledgeBase>> {
    const body = baseBody(this.spec, this.prefix, overrides);
    return { ...(await createKnowledgeBase(this.client, this.tracker, body, options)), body };
  }

  /** One of `kind` from a body the caller wrote whole (its identity carrying the run's prefix). */
  async create(
    kind: TrackedKind,
    body: Record<string, unknown>,
    options: CreateOptions = {},
  ): Promise<CreatedResource & { id: string }> {
    return createOne(kind, this.client, this.tracker, body, options);
  }

  /**
   * Registers the removal of one of `kind` a call made outside the maker (a create that should have
   * been refused, an assistant handed over); `client` deletes it (default: this account's).
   */
  track(kind: TrackedKind, id: string, client: ApiClient = this.client): () => void {
    return trackOne(kind, this.tracker, client, id);
  }
}
