import { createNamed, readObject, requireObjectId, requireRemoved } from './setup.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { isObject } from '../http/json.ts';
import type { ResourceTracker } from './tracker.ts';

/** Any non-empty value is accepted for the vestigial `sessionId` segment. */
export const SESSION_ID = 'conformance';

export interface CreatedResource {
  /** The create exchange (200 already checked). */
  exchange: Exchange;
  /** Forget the tracked cleanup, for a check that deleted or handed over the resource itself. */
  forget: () => void;
}

export interface CreatedAssistant extends CreatedResource {
  customPersonaId: string;
}

export interface CreateOptions {
  /** Client the cleanup deletes with (default: the creating client); it needs manage on the module. */
  cleanupClient?: ApiClient;
}

/** Deletes an assistant; anything but a 2xx is a SetupError naming the status, for the tracker's report. */
export async function deleteAssistant(client: ApiClient, customPersonaId: string): Promise<void> {
  requireRemoved(
    await client.call('deletePersona', { path: { sessionId: SESSION_ID, personaId: customPersonaId } }),
  );
}

/**
 * Creates an assistant (the body carries the run's prefix in `customPersonaId` and `name`) and
 * registers its deletion with the tracker right away. A create that does not answer 200 is a
 * SetupError (a failure only of a check about createPersona).
 */
export async function createAssistant(
  client: ApiClient,
  tracker: ResourceTracker,
  body: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<CreatedAssistant> {
  const customPersonaId = String(body.customPersonaId);
  const cleanup = options.cleanupClient ?? client;
  const { exchange, forget } = await createNamed(
    `create assistant ${customPersonaId}`,
    client.call('createPersona', { body }),
    () => trackAssistant(tracker, cleanup, customPersonaId),
    200,
  );
  return { exchange, customPersonaId, forget };
}

/** Registers the deletion of an assistant the check did not create through `createAssistant`
 * (e.g. one handed over to another account, which now has to delete it). */
export function trackAssistant(
  tracker: ResourceTracker,
  client: ApiClient,
  customPersonaId: string,
): () => void {
  return tracker.register(`assistant ${customPersonaId}`, () => deleteAssistant(client, customPersonaId));
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
