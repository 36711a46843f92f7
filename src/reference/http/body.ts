import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { httpFault } from './faults.ts';

export type Body = Record<string, unknown>;

/** The parsed JSON body as an object; a missing body, an array or a scalar is a 400. */
export function objectBody(request: FastifyRequest): Body {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('request body must be a JSON object');
  }
  return body as Body;
}

/** A key is present when the body has it, whatever its value (`false`, `[]`, `null` included). */
export function has(body: Body, key: string): boolean {
  return httpFault('http.presence-as-truthiness') ? Boolean(body[key]) : Object.hasOwn(body, key);
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function isAbsoluteHttpUrl(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: unknown): v is string => typeof v === 'string' && EMAIL.test(v);

export function requireString(body: Body, key: string, options: { nonEmpty?: boolean } = {}): string {
  const value = body[key];
  if (!isString(value)) throw badRequest(`${key} is required and must be a string`);
  if (options.nonEmpty && value.trim() === '') throw badRequest(`${key} must not be empty`);
  return value;
}

/** Reads an optional field with its type guard; absent → undefined, present with the wrong type → 400. */
export function optional<T>(
  body: Body,
  key: string,
  guard: (v: unknown) => v is T,
  expected: string,
): T | undefined {
  if (!has(body, key)) return undefined;
  const value = body[key];
  if (!guard(value)) throw badRequest(`${key} must be ${expected}`);
  return value;
}
