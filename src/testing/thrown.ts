import { expect } from 'vitest';

/**
 * The error `act` throws, asserted to be a `kind`, for a test that reads more of it than
 * `toThrow` can (its message and its fields); no throw fails the test.
 */
export function thrownBy<E extends Error>(kind: new (...args: never[]) => E, act: () => unknown): E {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return error as E;
  }
  throw new Error(`expected a ${kind.name}, nothing was thrown`);
}
