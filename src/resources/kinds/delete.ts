import { isObject } from '../../http/json.ts';
import type { DeleteOperation } from './kind.ts';

/** A delete naming the resource in the path parameter `param`; `fixed`: the route's other segments. */
export function deleteByPath(
  operationId: string,
  param: string,
  fixed: Readonly<Record<string, string>> = {},
): DeleteOperation {
  return {
    operationId,
    input: (id) => ({ path: { ...fixed, [param]: id } }),
    idOf: (input) => input.path?.[param],
  };
}

/** A delete naming the resource in the body field `field`. */
export function deleteByBody(operationId: string, field: string): DeleteOperation {
  return {
    operationId,
    input: (id) => ({ body: { [field]: id } }),
    idOf: (input) => (isObject(input.body) ? input.body[field] : undefined),
  };
}
