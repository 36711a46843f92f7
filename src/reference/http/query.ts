import { openPoints } from '../open-points.ts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { httpFault } from './faults.ts';

export type Query = Record<string, unknown>;

export function queryOf(request: FastifyRequest): Query {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Query) : {};
}

/** A single string parameter; a repeated parameter (`?a=1&a=2`) is refused rather than guessed at. */
export function readString(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`query parameter ${name} must be given once`);
  return value;
}

export function readRequiredString(query: Query, name: string): string {
  const value = readString(query, name);
  if (value === undefined || value.trim() === '') throw badRequest(`query parameter ${name} is required`);
  return value;
}

export function readEnum<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = readString(query, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`query parameter ${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** A positive integer written in decimal digits only (`2`, not `2.0`, `0x2` or `-1`). */
function readPositiveInt(query: Query, name: string, fallback: number): number {
  const value = readString(query, name);
  if (value === undefined) return fallback;
  const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw badRequest(`query parameter ${name} must be a positive integer`);
  return n;
}

/** A comma-separated list of allowed values, e.g. `os=nt,web`. */
export function readList<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
  fallback: readonly T[],
): T[] {
  const value = readString(query, name);
  if (value === undefined) return [...fallback];
  const parts = value.split(',').map((p) => p.trim());
  for (const part of parts) {
    if (!(allowed as readonly string[]).includes(part)) {
      throw badRequest(`query parameter ${name} must be a comma-separated list of ${allowed.join(', ')}`);
    }
  }
  return parts as T[];
}

export interface Paging {
  page: number;
  limit: number;
}

export function readPaging(query: Query, defaultLimit: number): Paging {
  const firstPage = httpFault('http.page-default-zero') ? 0 : 1;
  return {
    page: readPositiveInt(query, 'page', firstPage),
    // No maximum is stated; the alternative personality clamps to one.
    limit: Math.min(readPositiveInt(query, 'limit', defaultLimit), openPoints().maxPageSize),
  };
}
