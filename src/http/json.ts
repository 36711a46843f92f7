import type { Exchange } from './exchange.ts';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The response body as an object, or `{}` when there is none or it is not an object. */
export function bodyOf(exchange: Exchange): JsonObject {
  const json = exchange.response?.json;
  return isObject(json) ? json : {};
}

/** The objects of an array field (`allPersonas`, `plugin`, `data`); anything else reads as none. */
export function objectsIn(container: JsonObject, field: string): JsonObject[] {
  const value = container[field];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A field as a string, or undefined. */
export function stringIn(container: JsonObject, field: string): string | undefined {
  const value = container[field];
  return typeof value === 'string' ? value : undefined;
}

/** Whether the exchange answered 2xx (a harness-level missing response reads as no). */
export function succeeded(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status >= 200 && status < 300;
}
