import { formatDuration } from './quantities.ts';

/**
 * What ends a run early: Ctrl-C or SIGTERM, and the run's deadline. The first of them asks the run to
 * stop (no further check starts; what is in flight is given a bounded grace); a second signal
 * exits at once, after printing how to remove what the run may have left.
 */

export type StopReason =
  { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' } | { kind: 'deadline'; deadlineMs: number };

/** The exit status of a run a signal stopped: 128 + the signal's number, as a shell reports it. */
export function signalExitCode(signal: 'SIGINT' | 'SIGTERM'): number {
  return signal === 'SIGINT' ? 130 : 143;
}

export interface RunStopOptions {
  /** The whole run's bound from now; undefined: none. */
  deadlineMs?: number;
  /** The line a second signal prints before the process exits (how to clean up). */
  lastWords: () => string;
  /** Where the lines go (default stderr). */
  say?: (line: string) => void;
  /** Default process.exit; replaced in tests. */
  exit?: (code: number) => void;
}

export class RunStop {
  reason: StopReason | undefined;
  private timer: NodeJS.Timeout | undefined;
  private listener: (() => void) | undefined;
  private readonly say: (line: string) => void;
  private readonly onSigint = () => this.signalled('SIGINT');
  private readonly onSigterm = () => this.signalled('SIGTERM');

  constructor(private readonly options: RunStopOptions) {
    this.say = options.say ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /** Starts listening for signals and the deadline's clock. */
  arm(): this {
    process.on('SIGINT', this.onSigint);
    process.on('SIGTERM', this.onSigterm);
    const { deadlineMs } = this.options;
    if (deadlineMs !== undefined) {
      this.timer = setTimeout(() => this.stopFor({ kind: 'deadline', deadlineMs }), deadlineMs);
      this.timer.unref();
    }
    return this;
  }

  /** What stopping means once checks run (cancel them); called at once when the stop came first. */
  whenStopped(listener: () => void): void {
    this.listener = listener;
    if (this.reason !== undefined) listener();
  }

  /** Stops listening (the run is over; a later Ctrl-C is the shell's again). */
  disarm(): void {
    process.off('SIGINT', this.onSigint);
    process.off('SIGTERM', this.onSigterm);
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  private signalled(signal: 'SIGINT' | 'SIGTERM'): void {
    if (this.reason === undefined) {
      this.say(
        `conformance: ${signal}: stopping: no further check starts; then what this run created is removed and the reports are written (${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} again: exit at once)`,
      );
      this.stopFor({ kind: 'signal', signal });
      return;
    }
    this.say(`conformance: ${signal} again: exiting now. ${this.options.lastWords()}`);
    (this.options.exit ?? process.exit)(signalExitCode(signal));
  }

  private stopFor(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    if (reason.kind === 'deadline')
      this.say(
        `conformance: the run's deadline (${formatDuration(reason.deadlineMs)}) has passed: no further check starts`,
      );
    this.listener?.();
  }
}
