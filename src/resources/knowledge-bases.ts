import { requireField, requireRemoved, requireSuccess } from './setup.ts';
import type { ApiClient } from '../http/client.ts';
import type { CreatedResource } from './assistants.ts';
import type { CreateOptions } from './kinds/create.ts';
import { bodyOf, stringIn } from '../http/json.ts';
import type { ResourceTracker } from './tracker.ts';

export interface CreatedKnowledgeBase extends CreatedResource {
  kbId: string;
}

export async function deleteKnowledgeBase(client: ApiClient, kbId: string): Promise<void> {
  requireRemoved(await client.call('deleteKnowledgeBase', { path: { kbId } }));
}

/**
 * Creates a knowledge base (its `name` carries the run's prefix) and registers its deletion with the
 * tracker right away. Create answers 201; anything else is a SetupError (a failure only of a check
 * about createKnowledgeBase).
 */
export async function createKnowledgeBase(
  client: ApiClient,
  tracker: ResourceTracker,
  body: { name: string; description?: string },
  options: CreateOptions = {},
): Promise<CreatedKnowledgeBase> {
  const exchange = await client.call('createKnowledgeBase', { body });
  const kbId = stringIn(bodyOf(exchange), 'kbId');
  const cleanup = options.cleanupClient ?? client;
  const forget =
    kbId === undefined
      ? () => {}
      : tracker.register(`knowledge base ${kbId} (${body.name})`, () => deleteKnowledgeBase(cleanup, kbId));
  requireSuccess(`create knowledge base ${body.name}`, exchange, 201);
  return {
    exchange,
    kbId: kbId ?? requireField(`create knowledge base ${body.name}`, exchange, 'kbId'),
    forget,
  };
}

/** Registers the deletion of a base the check did not create through `createKnowledgeBase`. */
export function trackKnowledgeBase(tracker: ResourceTracker, client: ApiClient, kbId: string): () => void {
  return tracker.register(`knowledge base ${kbId}`, () => deleteKnowledgeBase(client, kbId));
}
