import type { ApiClient } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { successStatus } from '../../spec/openapi.ts';
import { createNamed, requireRemoved } from '../setup.ts';
import type { ResourceTracker } from '../tracker.ts';
import type { TrackedKind } from './registry.ts';

/**
 * Creating, tracking and removing one resource of a tracked kind through its descriptor: the one
 * way set-up makes an assistant or a plugin (createAssistant, createPlugin and `ctx.make` are built
 * on it). Set-up never judges: an answer it cannot go on with is a SetupError.
 */

/** Deletes one; anything but a 2xx is an Error naming the operation and the answer, for the tracker's report. */
export async function removeOne(kind: TrackedKind, client: ApiClient, id: string): Promise<void> {
  const { operationId, input } = kind.tracked.delete;
  requireRemoved(await client.call(operationId, input(id)));
}

/** Registers its deletion with the file's tracker; returns the function that forgets it again. */
export function trackOne(
  kind: TrackedKind,
  tracker: ResourceTracker,
  client: ApiClient,
  id: string,
): () => void {
  return tracker.register(`${kind.name} ${id}`, () => removeOne(kind, client, id));
}

export interface CreateOptions {
  /** Client the cleanup deletes with (default: the creating client); it needs manage on the module. */
  cleanupClient?: ApiClient;
}

/**
 * Creates one of a kind whose identity the suite chooses (in the body, carrying the run's prefix),
 * registering its deletion before the answer is judged. Anything but the success status
 * spec/openapi.yaml gives the create is a SetupError (a failure only of a check about that create).
 */
export async function createOne(
  kind: TrackedKind,
  client: ApiClient,
  tracker: ResourceTracker,
  body: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<{ exchange: Exchange; id: string; forget: () => void }> {
  const field = kind.tracked.idInBody;
  const create = kind.creates[0];
  if (field === undefined || create === undefined)
    throw new Error(`resource kinds: a ${kind.name}'s identity is not chosen in its create body`);
  const id = String(body[field]);
  const cleanup = options.cleanupClient ?? client;
  const { exchange, forget } = await createNamed(
    `create ${kind.name} ${id}`,
    client.call(create.operationId, { body }),
    () => trackOne(kind, tracker, cleanup, id),
    successStatus(client.operation(create.operationId)),
  );
  return { exchange, id, forget };
}
