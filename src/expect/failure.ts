import { describeResponse, toCurl } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';

/** An answer judged against the document: its message says what came, what is documented, and how to reproduce it. */
abstract class JudgedAnswer extends Error {
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
 * A verdict against the implementation: what was received, what the document says, and how to
 * reproduce it. Its message is what a person reads in every report.
 */
export class ConformanceFailure extends JudgedAnswer {
  override readonly name = 'ConformanceFailure';
  /**
   * Allure tells an assertion failure (`failed`) from a broken test (`broken`) by the error's shape;
   * this property is the shape it reads as an assertion's, so a verdict shows as failed there.
   */
  readonly matcherResult = { pass: false };
}

/**
 * Not a verdict of non-conformance, but an answer worth a person's attention: a 5xx where the
 * document says "refused" without giving the status. Reported as `warned` (never fails the run)
 * whatever the kinds of the requirements the check cites.
 */
export class ConformanceWarning extends JudgedAnswer {
  override readonly name = 'ConformanceWarning';
}

/**
 * A step preparing what a check is about did not get the answer it needed (a create refused, an id
 * missing from the answer). Not a verdict on an operation the check is not about: reported as
 * errored, with the exchange as its cause. A check that names the operation among its own
 * (`operations`) is about it, and there the same answer is its failure (harness/check.ts).
 */
export class SetupError extends JudgedAnswer {
  override readonly name = 'SetupError';
}

/**
 * The harness or the network broke (no response, timeout): not a verdict on conformance. Reported as
 * an errored check.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}

/**
 * Whether a check's error is a verdict on the implementation (outcome `failed`) rather than a
 * broken harness, network or set-up (`errored`). Judged by name, so the worker (holding the error)
 * and the reporter (holding its serialized copy) decide it the same way.
 */
export function isVerdict(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'ConformanceFailure' || name === 'AssertionError';
}
