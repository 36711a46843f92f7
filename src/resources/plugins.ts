import { readObject, requireObjectId } from './setup.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CreatedResource } from './assistants.ts';
import { bodyOf, isObject, succeeded } from '../http/json.ts';
import { carriesRunId } from './ledger.ts';
import { creatorOf, removeOne, trackOne, type Creator } from './kinds/create.ts';
import { PLUGIN } from './kinds/plugin.ts';
import type { ResourceTracker } from './tracker.ts';

export { USER_ID } from './kinds/plugin.ts';

export interface CreatedPlugin extends CreatedResource {
  title: string;
}

export async function deletePlugin(client: ApiClient, title: string): Promise<void> {
  await removeOne(PLUGIN, client, title);
}

/**
 * Creates a plugin (its `title` carries the run's prefix) and registers its deletion with the
 * tracker right away. A create that does not answer 200 is a SetupError (a failure only of a check
 * about createPlugin).
 */
export const createPlugin: Creator<CreatedPlugin> = creatorOf(PLUGIN, 'title');

/**
 * Registers the deletion of a plugin a check created by other means (e.g. a create that was
 * expected to be refused but was not): it is removed all the same.
 */
export function trackPlugin(tracker: ResourceTracker, client: ApiClient, title: string): () => void {
  return trackOne(PLUGIN, tracker, client, title);
}

/**
 * After a create the check expected to be refused: a plugin it made all the same is removed when
 * the file ends, by its title, when that title carries the run's id (the rule of the run's sweep).
 * Any other is only reported when the file ends, never deleted: a title the run did not choose for
 * itself (a reserved or built-in one) may be the platform's or a person's, and one made from a body
 * without a title cannot be found or deleted at all (plugins go by title). Never throws: the check
 * fails on its own assertion, and the report stands whichever failure a property ends on.
 */
export function trackIfCreated(
  tracker: ResourceTracker,
  client: ApiClient,
  body: Record<string, unknown>,
  exchange: Exchange,
  runId: string,
): void {
  if (!succeeded(exchange)) return;
  const title = body.title;
  if (carriesRunId(typeof title === 'string' ? title : undefined, runId)) {
    trackPlugin(tracker, client, title as string);
    return;
  }
  const [description, why] =
    typeof title === 'string'
      ? [
          `plugin ${title}`,
          "its title is not the run's own (it may be the platform's or a person's): left alone",
        ]
      : [
          'plugin without a title',
          `a create without a title was answered ${exchange.response?.status}: plugins are found and deleted by title, so nothing can remove it; look for it by hand`,
        ];
  tracker.register(description, () => Promise.reject(new Error(why)));
}

export async function getPlugin(client: ApiClient, title: string): Promise<Exchange> {
  return client.call('getPlugin', { query: { title } });
}

/** The `plugin` object of a get, checked to be a 200. */
export async function readPlugin(client: ApiClient, title: string): Promise<Record<string, unknown>> {
  return readObject(await getPlugin(client, title), 'plugin');
}

/** The plugin's object `_id` (what `accessible_plugin` holds), read through get. */
export async function pluginObjectId(client: ApiClient, title: string): Promise<string> {
  return requireObjectId(`get plugin ${title}`, await readPlugin(client, title));
}

/**
 * Whether a get finds the plugin as one the caller owns. The status for a title that does not
 * exist is not documented, so anything but a 200 carrying that plugin counts as not found.
 */
export function foundOwnPlugin(exchange: Exchange, title: string): boolean {
  if (exchange.response?.status !== 200) return false;
  const plugin = bodyOf(exchange).plugin;
  return isObject(plugin) && plugin.title === title && plugin.isOwner !== false;
}
