import { describeResponse, toCurl } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';

/**
 * A verdict against the implementation: what was received, what the document says, and how to
 * reproduce it. Its message is what a person reads in every report.
 */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';

  constructor(
    readonly summary: string,
    readonly exchange: Exchange | undefined,
  ) {
    super(
      exchange
        ? `${summary}\n  ${exchange.label}\n  ${toCurl(exchange)}\n  → ${describeResponse(exchange)}`
        : summary,
    );
  }
}

/**
 * The harness or the network broke (no response, timeout): not a verdict on conformance. Reported as
 * an errored check.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}
