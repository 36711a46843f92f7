import type { ApiClient } from '../http/client.ts';
import type { CreatedResource } from './assistants.ts';
import { creatorOf, removeOne, trackOne, type Creator } from './kinds/create.ts';
import { KNOWLEDGE_BASE } from './kinds/knowledge-base.ts';
import type { ResourceTracker } from './tracker.ts';

export interface CreatedKnowledgeBase extends CreatedResource {
  kbId: string;
}

export async function deleteKnowledgeBase(client: ApiClient, kbId: string): Promise<void> {
  await removeOne(KNOWLEDGE_BASE, client, kbId);
}

/**
 * Creates a knowledge base (its `name` carries the run's prefix) and registers its deletion with the
 * tracker as soon as the answer names its `kbId`. Create answers 201; anything else is a SetupError
 * (a failure only of a check about createKnowledgeBase).
 */
export const createKnowledgeBase: Creator<CreatedKnowledgeBase> = creatorOf(KNOWLEDGE_BASE, 'kbId');

/** Registers the deletion of a base the check did not create through `createKnowledgeBase`. */
export function trackKnowledgeBase(tracker: ResourceTracker, client: ApiClient, kbId: string): () => void {
  return trackOne(KNOWLEDGE_BASE, tracker, client, kbId);
}
