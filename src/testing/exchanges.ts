import type { Exchange } from '../http/exchange.ts';

/** Where a unit test's exchange went; the label defaults to `OPERATION — test`. */
interface Sent {
  operationId: string;
  method?: string;
  url?: string;
  label?: string;
}

/**
 * An exchange for a unit test that was answered with `json` (its text the JSON's), as the client
 * records it: a POST to a path of no meaning unless `sent` says otherwise.
 */
export function answered(status: number, json: unknown, sent: Sent): Exchange {
  return {
    operationId: sent.operationId,
    label: sent.label ?? `${sent.operationId} — test`,
    request: { method: sent.method ?? 'POST', url: sent.url ?? 'http://127.0.0.1/api/v1/x', headers: {} },
    response: { status, headers: {}, text: JSON.stringify(json), json },
    error: undefined,
    durationMs: 1,
  };
}
