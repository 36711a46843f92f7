import { relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Reporter, TestModule, TestRunEndReason, TestSpecification } from 'vitest/node';
import '../harness/check-meta.ts';
import { outcomeOf } from './collect-reporter.ts';
import { statusOf, type Outcome, type SummaryCheck } from './summary.ts';

/**
 * The run's progress on the terminal, in the suite's words instead of vitest's: one line per area
 * (the folder of suites/, the name `--only` takes) when its last file has run, counting known
 * deviations as such and an unexpected pass as a failure. On a terminal a status line below them
 * shows how far the run is; in CI (no TTY) only the area lines are printed.
 */

/** The area a check file belongs to: `suites/voices/catalog.test.ts` is `voices`. */
export function areaOfFile(file: string): string {
  return /^suites\/([^/]+)\//.exec(file)?.[1] ?? file;
}

/** How an area line counts a check, in the order it names them. */
const KINDS = ['passed', 'failed', 'errored', 'known deviation', 'skipped'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(outcome: Outcome): Kind {
  if (outcome === 'failed' || outcome === 'unexpected-pass') return 'failed';
  if (outcome === 'errored') return 'errored';
  if (outcome === 'expected') return 'known deviation';
  if (outcome === 'skipped') return 'skipped';
  return 'passed';
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;
}

/** Why an area's files did not all run: a stop (Ctrl-C, the deadline, --bail) or a harness error. */
type UnfinishedCause = 'stopped' | 'harness error';

interface AreaTally {
  files: number;
  done: number;
  counts: Record<Kind, number>;
  /** Files of the area that ended with an error of their own (one that failed to load): never a ✓. */
  broken: number;
}

const noCounts = (): Record<Kind, number> => ({
  passed: 0,
  failed: 0,
  errored: 0,
  'known deviation': 0,
  skipped: 0,
});

/** How many of an area's files ended with an error of their own. */
function brokenNote(tally: AreaTally): string {
  return `${tally.broken} of ${plural(tally.files, 'file')} did not load or run whole`;
}

/** The tallies of a run's areas, fed file by file; what the terminal shows of them. */
export class AreaProgress {
  private readonly areas = new Map<string, AreaTally>();
  private readonly width: number;

  /** `files`: every check file of the run, relative to the project. */
  constructor(files: readonly string[]) {
    for (const file of files) {
      const area = areaOfFile(file);
      const tally = this.areas.get(area) ?? { files: 0, done: 0, counts: noCounts(), broken: 0 };
      this.areas.set(area, { ...tally, files: tally.files + 1 });
    }
    this.width = Math.max(0, ...[...this.areas.keys()].map((area) => area.length));
  }

  /**
   * Counts a finished file's checks (`broken`: the file ended with an error of its own, such as one
   * that failed to load, whatever its checks did); returns its area's line once the area's last
   * file is done.
   */
  finish(file: string, checks: readonly SummaryCheck[], broken = false): string | undefined {
    const area = areaOfFile(file);
    const tally = this.areas.get(area) ?? { files: 1, done: 0, counts: noCounts(), broken: 0 };
    for (const check of checks) tally.counts[kindOf(check.outcome)] += 1;
    tally.done += 1;
    if (broken) tally.broken += 1;
    this.areas.set(area, tally);
    if (tally.done < tally.files) return undefined;
    return this.line(area, tally, tally.broken > 0 ? ` (harness error: ${brokenNote(tally)})` : '');
  }

  /**
   * Lines for the areas whose files did not all run, counting what their finished files did: cut
   * short by a stop (Ctrl-C, the deadline, --bail), or left unrun by a harness error (a worker that
   * could not start), which no area passes.
   */
  unfinished(cause: UnfinishedCause): string[] {
    return [...this.areas]
      .filter(([, tally]) => tally.done < tally.files)
      .map(([area, tally]) => {
        const ran = `${tally.done} of ${plural(tally.files, 'file')} ran`;
        if (cause === 'stopped') return this.line(area, tally, ` (stopped: ${ran})`);
        const note = tally.done === 0 ? `not run: harness error; ${ran}` : `harness error: ${ran}`;
        return this.line(area, tally, ` (${note})`, true);
      });
  }

  /** The status line: areas done, checks counted, failures so far. */
  status(): string {
    const tallies = [...this.areas.values()];
    const done = tallies.filter((tally) => tally.done === tally.files).length;
    const sum = (kind: Kind) => tallies.reduce((total, tally) => total + tally.counts[kind], 0);
    const checks = KINDS.reduce((total, kind) => total + sum(kind), 0);
    const failing = sum('failed') + sum('errored');
    return `  … ${done} of ${tallies.length} areas done, ${plural(checks, 'check')} so far${failing > 0 ? `, ${failing} failing` : ''}`;
  }

  /** `harnessError`: files of the area did not run for a harness error, which fails the area. */
  private line(area: string, tally: AreaTally, note: string, harnessError = false): string {
    const total = KINDS.reduce((sum, kind) => sum + tally.counts[kind], 0);
    const parts = KINDS.filter((kind) => tally.counts[kind] > 0).map((kind) =>
      kind === 'known deviation' ? plural(tally.counts[kind], kind) : `${tally.counts[kind]} ${kind}`,
    );
    // A ✓ says checks ran and passed: an area none of whose checks ran (none finished, all
    // skipped) has not earned one.
    const ran = total - tally.counts.skipped;
    const failing = harnessError || tally.broken > 0 || tally.counts.failed + tally.counts.errored > 0;
    const mark = failing ? '✗' : ran === 0 ? '–' : '✓';
    return `  ${mark} ${area.padEnd(this.width)}  ${plural(total, 'check')}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}${note}`;
  }
}

/** vitest's way of writing a time: `97ms` below a second, `7.88s` above (scripts/bench reads it). */
function formatTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(2)}s`;
}

/**
 * Where the time of the check files went, as vitest's own summary split it: wall time, then the
 * setup, import and test time summed over the files (across workers, so more than the wall).
 */
export function timingLine(
  files: number,
  wallMs: number,
  parts: { setup: number; import: number; tests: number },
): string {
  return `conformance: ${plural(files, 'check file')} ran in ${formatTime(wallMs)} (setup ${formatTime(parts.setup)}, import ${formatTime(parts.import)}, tests ${formatTime(parts.tests)})`;
}

export interface TerminalProgressOptions {
  root: string;
  /** Gives each check the outcome the expectations file makes of it (a known deviation, a stale entry). */
  judge: (checks: SummaryCheck[]) => SummaryCheck[];
  /** A terminal: a status line is kept below the area lines. */
  tty: boolean;
  write: (text: string) => void;
  /** Where what a check prints to stderr goes (a warning of a 429 waited out, a cleanup problem). */
  writeError: (text: string) => void;
}

type ConsoleLog = Parameters<NonNullable<Reporter['onUserConsoleLog']>>[0];

/** Clears the terminal's current line (the status line) before something is printed in its place. */
const CLEAR_LINE = '\r\u001b[2K';

/** The vitest reporter of `conformance run`: vitest's events into AreaProgress, printed. */
export class TerminalProgress implements Reporter {
  private progress = new AreaProgress([]);
  private startedAt = performance.now();

  constructor(private readonly options: TerminalProgressOptions) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.progress = new AreaProgress(specifications.map((spec) => this.fileOf(spec.moduleId)));
    this.startedAt = performance.now();
    this.showStatus();
  }

  onTestModuleEnd(module: TestModule): void {
    const file = this.fileOf(module.moduleId);
    const checks = [...module.children.allTests()].flatMap((testCase): SummaryCheck[] => {
      const meta = testCase.meta().check;
      // Not selected (--requirement, --bail): not part of the run, as in summary.json.
      if (meta?.started !== true && testCase.result().state === 'skipped') return [];
      const { outcome, message } = outcomeOf(testCase);
      return [
        {
          id: meta?.id ?? testCase.fullName,
          requirements: meta?.requirements ?? [],
          status: statusOf(outcome),
          outcome,
          ...(message !== undefined ? { message } : {}),
          title: testCase.fullName,
          file,
        },
      ];
    });
    const line = this.progress.finish(file, this.options.judge(checks), module.errors().length > 0);
    if (line !== undefined) this.print(line);
    this.showStatus();
  }

  /** What a check printed (vitest catches it in the worker): passed on, never swallowed. */
  onUserConsoleLog(log: ConsoleLog): void {
    if (this.options.tty) this.options.write(CLEAR_LINE);
    const text = log.content.endsWith('\n') ? log.content : `${log.content}\n`;
    if (log.type === 'stderr') this.options.writeError(text);
    else this.options.write(text);
    this.showStatus();
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    _unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): void {
    // vitest ends a run it cancelled (a stop, --bail) as interrupted; files it did not run
    // otherwise are a harness error's (their unhandled errors are in the summary).
    const cause = reason === 'interrupted' ? 'stopped' : 'harness error';
    for (const line of this.progress.unfinished(cause)) this.print(line);
    const sum = (part: (diagnostic: ReturnType<TestModule['diagnostic']>) => number) =>
      modules.reduce((total, module) => total + part(module.diagnostic()), 0);
    this.print(
      timingLine(modules.length, performance.now() - this.startedAt, {
        setup: sum((d) => d.setupDuration),
        import: sum((d) => d.collectDuration),
        tests: sum((d) => d.duration),
      }),
    );
  }

  private fileOf(moduleId: string): string {
    return relative(this.options.root, moduleId).split(sep).join('/');
  }

  private print(line: string): void {
    this.options.write(`${this.options.tty ? CLEAR_LINE : ''}${line}\n`);
  }

  private showStatus(): void {
    if (this.options.tty) this.options.write(`${CLEAR_LINE}${this.progress.status()}`);
  }
}
