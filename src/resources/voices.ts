import { ConformanceFailure } from '../expect/failure.ts';
import { expectStatus } from '../expect/status.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, objectsIn, type JsonObject } from '../http/json.ts';

async function readCatalog(client: ApiClient): Promise<{ exchange: Exchange; voices: JsonObject[] }> {
  const exchange = await client.call('listVoices');
  expectStatus(exchange, 200);
  return { exchange, voices: objectsIn(bodyOf(exchange), 'data') };
}

/** The voice catalog's items (a 200 is checked), e.g. to draw `voice` values from. */
export async function catalogVoices(client: ApiClient): Promise<JsonObject[]> {
  return (await readCatalog(client)).voices;
}

/**
 * The `_id` of every catalog voice. Every assistant create needs one, a text-only assistant's too
 * (AS-CREATE-05, AS-CREATE-06), so a catalog without a voice `_id` leaves the account unable to
 * create any assistant: a failure of the implementation, not an empty account.
 */
export async function catalogVoiceIds(client: ApiClient): Promise<string[]> {
  const { exchange, voices } = await readCatalog(client);
  const ids = voices.map((v) => v._id).filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) {
    throw new ConformanceFailure(
      'Received: a voice catalog without a voice _id / Documented: every assistant create needs a voice _id from the voice catalog (AS-CREATE-05, AS-CREATE-06)',
      exchange,
    );
  }
  return ids;
}
