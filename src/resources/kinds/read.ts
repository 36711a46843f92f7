import type { ApiClient, CallInput } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf, isObject, objectsIn, type JsonObject } from '../../http/json.ts';

/** The shared reads the descriptors' `present` and `findByName` are made of. */

export function answer(exchange: Exchange): string {
  return exchange.response ? `HTTP ${exchange.response.status}` : (exchange.error ?? 'no answer');
}

/** Whether a get of one resource answers 200 with it in `field`, identified by `key` (or why it could not be told). */
export async function gotten(
  client: ApiClient,
  operationId: string,
  input: CallInput,
  field: string,
  key: string,
  id: string,
): Promise<boolean | string> {
  const exchange = await client.call(operationId, input);
  if (exchange.response === undefined) return `reading it got ${answer(exchange)}`;
  const found = bodyOf(exchange)[field];
  return exchange.response.status === 200 && isObject(found) && found[key] === id;
}

/** The items of an unpaginated listing, or why it could not be read. */
export async function listed(
  client: ApiClient,
  operationId: string,
  items: string,
  what: string,
): Promise<JsonObject[] | string> {
  const exchange = await client.call(operationId);
  if (exchange.response?.status !== 200) return `listing the ${what} answered ${answer(exchange)}`;
  return objectsIn(bodyOf(exchange), items);
}
