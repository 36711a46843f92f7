import { readObject, requireObjectId } from './setup.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { isObject } from '../http/json.ts';
import { ASSISTANT, SESSION_ID } from './kinds/assistant.ts';
import { creatorOf, removeOne, trackOne, type Creator } from './kinds/create.ts';
import type { ResourceTracker } from './tracker.ts';

export { SESSION_ID } from './kinds/assistant.ts';

export interface CreatedResource {
  /** The create exchange (200 already checked). */
  exchange: Exchange;
  /** Forget the tracked cleanup, for a check that deleted or handed over the resource itself. */
  forget: () => void;
}

export interface CreatedAssistant extends CreatedResource {
  customPersonaId: string;
}

/** Deletes an assistant; anything but a 2xx is a SetupError naming the status, for the tracker's report. */
export async function deleteAssistant(client: ApiClient, customPersonaId: string): Promise<void> {
  await removeOne(ASSISTANT, client, customPersonaId);
}

/**
 * Creates an assistant (the body carries the run's prefix in `customPersonaId` and `name`) and
 * registers its deletion with the tracker right away. A create that does not answer 200 is a
 * SetupError (a failure only of a check about createPersona).
 */
export const createAssistant: Creator<CreatedAssistant> = creatorOf(ASSISTANT, 'customPersonaId');

/** Registers the deletion of an assistant the check did not create through `createAssistant`
 * (e.g. one handed over to another account, which now has to delete it). */
export function trackAssistant(
  tracker: ResourceTracker,
  client: ApiClient,
  customPersonaId: string,
): () => void {
  return trackOne(ASSISTANT, tracker, client, customPersonaId);
}

export async function getAssistant(
  client: ApiClient,
  customPersonaId: string,
  sessionId = SESSION_ID,
): Promise<Exchange> {
  return client.call('getPersona', { path: { sessionId, personaId: customPersonaId } });
}

/** `personaData` of a get, checked to be a 200. */
export async function readAssistant(
  client: ApiClient,
  customPersonaId: string,
): Promise<Record<string, unknown>> {
  return readObject(await getAssistant(client, customPersonaId), 'personaData');
}

/** The assistant's object `_id` (the transfer route's `personaId`), read through get. */
export async function assistantObjectId(client: ApiClient, customPersonaId: string): Promise<string> {
  return requireObjectId(`get assistant ${customPersonaId}`, await readAssistant(client, customPersonaId));
}

/**
 * The plugin `_id`s of get's `accessible_plugin`, whose element type the document does not state:
 * an element is read as the id itself, or as an object carrying `_id`.
 */
export function accessiblePluginIds(personaData: Record<string, unknown>): unknown[] {
  const elements: unknown[] = Array.isArray(personaData.accessible_plugin)
    ? (personaData.accessible_plugin as unknown[])
    : [];
  return elements.map((e) => (isObject(e) ? e._id : e));
}
