import { bodyOf, succeeded } from '../../http/json.ts';
import type { RequestBuilder, TrackedKind } from './kind.ts';

/**
 * The prepared requests every tracked kind has without writing them: its create and its delete,
 * derived from the descriptor.
 */

/** A create from a body named for the file; the answer's success registers what it made. */
export function creating(kind: TrackedKind): RequestBuilder {
  const { idInBody, idInAnswer } = kind.tracked;
  return async (bench) => {
    const body = await bench.createBody(kind.name, 'created');
    return {
      input: { body },
      settle: (exchange) => {
        const id = idInBody !== undefined ? body[idInBody] : bodyOf(exchange)[idInAnswer ?? ''];
        if (succeeded(exchange) && typeof id === 'string') bench.track(kind.name, id);
      },
    };
  };
}

/** A delete of a throwaway one: its cleanup is dropped once the call deleted it. */
export function deleting(kind: TrackedKind): RequestBuilder {
  return async (bench) => {
    const made = await bench.throwaway(kind.name, 'to-delete');
    return {
      input: kind.tracked.delete.input(made.id),
      settle: (exchange) => {
        if (succeeded(exchange)) made.forget();
      },
    };
  };
}
