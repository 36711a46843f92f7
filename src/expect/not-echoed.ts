import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';

function holdsIdentity(value: unknown, key: string, identity: string): boolean {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[key] === identity;
}

/**
 * A create response that does not echo the created document: no `personaData`, and neither the body
 * nor any object in it carries the new resource's identity field (`customPersonaId`).
 */
export function expectNotEchoed(exchange: Exchange, key: string, identity: string): void {
  const json = expectResponse(exchange).json;
  if (typeof json !== 'object' || json === null) return;
  const body = json as Record<string, unknown>;
  const echoed =
    'personaData' in body ||
    holdsIdentity(body, key, identity) ||
    Object.values(body).some((v) => holdsIdentity(v, key, identity));
  if (echoed) {
    throw new ConformanceFailure(
      `Received: the created document in the response / Documented: the created document is not echoed`,
      exchange,
    );
  }
}
