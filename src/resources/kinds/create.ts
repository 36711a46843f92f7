import type { ApiClient } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { successStatus } from '../../spec/openapi.ts';
import { bodyOf, stringIn } from '../../http/json.ts';
import { createNamed, requireField, requireRemoved, requireSuccess } from '../setup.ts';
import type { ResourceTracker } from '../tracker.ts';
import type { TrackedKind } from './kind.ts';

/**
 * Creating, tracking and removing one resource of a tracked kind through its descriptor: the one
 * way set-up makes an assistant, a plugin or a knowledge base (the free functions, AccountResources
 * and `ctx.make` are built on it). Set-up never judges: an answer it cannot go on with is a SetupError.
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
 * Creates one of a tracked kind from `body`, registering its deletion as soon as its identity is
 * known: before the answer is judged when the suite chooses it (in the body, carrying the run's
 * prefix), from the answer when the server does (a knowledge base's `kbId`). Anything but the
 * success status spec/openapi.yaml gives the create is a SetupError (a failure only of a check
 * about that create).
 */
export async function createOne(
  kind: TrackedKind,
  client: ApiClient,
  tracker: ResourceTracker,
  body: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<{ exchange: Exchange; id: string; forget: () => void }> {
  const { idInBody, idInAnswer, nameField } = kind.tracked;
  const create = kind.creates[0];
  if (create === undefined) throw new Error(`resource kinds: a ${kind.name} has no create operation`);
  const cleanup = options.cleanupClient ?? client;
  const documented = successStatus(client.operation(create.operationId));
  const sent = client.call(create.operationId, { body });
  if (idInBody !== undefined) {
    const id = String(body[idInBody]);
    const { exchange, forget } = await createNamed(
      `create ${kind.name} ${id}`,
      sent,
      () => trackOne(kind, tracker, cleanup, id),
      documented,
    );
    return { exchange, id, forget };
  }
  if (idInAnswer === undefined)
    throw new Error(`resource kinds: a ${kind.name} has its identity neither in its body nor its answer`);
  const what = `create ${kind.name} ${String(body[nameField])}`;
  const exchange = await sent;
  // Whatever the status, an identity in the answer may be a resource made: it is removed all the same.
  const answered = stringIn(bodyOf(exchange), idInAnswer);
  const forget = answered === undefined ? () => {} : trackOne(kind, tracker, cleanup, answered);
  requireSuccess(what, exchange, documented);
  return { exchange, id: answered ?? requireField(what, exchange, idInAnswer), forget };
}

/** Creates one from `body` with `client`, tracked with `tracker`: the free create functions' shape. */
export type Creator<T> = (
  client: ApiClient,
  tracker: ResourceTracker,
  body: Record<string, unknown>,
  options?: CreateOptions,
) => Promise<T>;

/**
 * The free create function of a kind (createAssistant, createPlugin, createKnowledgeBase): createOne
 * with the identity under the field the checks know it by (`customPersonaId`, `title`, `kbId`).
 */
export function creatorOf<F extends string>(
  kind: TrackedKind,
  field: F,
): Creator<{ exchange: Exchange; forget: () => void } & Record<F, string>> {
  return async (client, tracker, body, options = {}) => {
    const { exchange, id, forget } = await createOne(kind, client, tracker, body, options);
    return { exchange, forget, ...({ [field]: id } as Record<F, string>) };
  };
}
