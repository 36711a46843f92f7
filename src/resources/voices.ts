import { expectStatus } from '../checks/status.ts';
import type { ApiClient } from '../http/client.ts';
import { bodyOf, objectsIn, type JsonObject } from './json.ts';

/** The voice catalog's items (a 200 is checked), e.g. to draw `voice` values from. */
export async function catalogVoices(client: ApiClient): Promise<JsonObject[]> {
  const exchange = await client.call('listVoices');
  expectStatus(exchange, 200);
  return objectsIn(bodyOf(exchange), 'data');
}

/** The `_id` of every catalog voice. */
export async function catalogVoiceIds(client: ApiClient): Promise<string[]> {
  return (await catalogVoices(client)).map((v) => v._id).filter((id): id is string => typeof id === 'string');
}
