import type { Redactor } from './secrets.ts';

/**
 * The most a stream holds back. Only a token of the `svc_ai_…` or `con_sh_…` shape has no length
 * of its own (it runs to the first character that cannot be part of it): output that runs on in
 * such characters for this long is shown, redacted, rather than held without bound.
 */
const HOLD_LIMIT = 64 * 1024;

/**
 * Redacts text that arrives in pieces (the writes of a stream), so that a secret split across two
 * writes is hidden as surely as one written whole: the end of a piece that may be the start of a
 * secret is held back until the next piece tells, or the stream ends. Nothing else is held, so a
 * line without a secret in it is never delayed, and text without secrets passes unchanged.
 */
export class RedactedStream {
  private held = '';

  constructor(private readonly redact: Redactor) {}

  /** What can be shown of `piece`, after what was held before it: redacted. */
  write(piece: string): string {
    const text = this.held + piece;
    const unfinished = this.redact.unfinishedAt(text);
    const shown = text.length - unfinished > HOLD_LIMIT ? text.length : unfinished;
    this.held = text.slice(shown);
    return this.redact(text.slice(0, shown));
  }

  /** The stream's end: what was held, redacted. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return this.redact(rest);
  }
}
