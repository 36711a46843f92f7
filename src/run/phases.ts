/**
 * Where a run's time and memory go, phase by phase, for `npm run bench` only: the bench sets
 * PHASES_ENV and reads phases.json from the report dir. A normal run records nothing and writes
 * nothing more (summary.json's contract is not touched: this is a file of its own).
 */
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Reporter, TestModule } from 'vitest/node';
import { writeWhole } from '../report/owned-files.ts';

/** Set to 1 by the bench: the run records its phases and writes PHASES_FILE into its report dir. */
export const PHASES_ENV = 'CONFORMANCE_PHASES';
export const PHASES_FILE = 'phases.json';

/** One phase of the run's main thread, in milliseconds since the process started. */
export interface Phase {
  name: string;
  startMs: number;
  endMs: number;
  /** The process's resident memory when the phase ended (its worker threads included). */
  rssBytes: number;
  /** The most the process had held so far (getrusage's maxrss). */
  peakRssBytes: number;
}

/** What one check file cost its worker thread, as vitest measured it (logHeapUsage, importDurations). */
export interface FilePhase {
  file: string;
  /** Which worker thread ran it, numbered in the order they first finished a file. */
  worker: number;
  /** Importing the file and what it imports that its worker had not yet loaded, and registering its checks. */
  collectMs: number;
  /** Its checks and hooks. */
  testsMs: number;
  /** The worker thread's heap after the file. */
  heapBytes: number | undefined;
  /** The imports this file was the first in its worker to load, by package (or `src/<dir>`): their own time in ms. */
  imports: Record<string, number>;
}

export interface PhasesReport {
  phases: Phase[];
  files: FilePhase[];
}

const rss = (): { rssBytes: number; peakRssBytes: number } => ({
  rssBytes: process.memoryUsage.rss(),
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
});

/** What a module id counts as: its package, or the suite's own directory (`src/http`, `suites/voices`). */
export function importGroup(id: string, root: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!;
  const own = relative(root, id.replace(/^file:\/\//, '')).split('/');
  return own.length > 2 ? `${own[0]}/${own[1]}` : own.join('/');
}

/**
 * Which worker ran a file whose diagnostic lists `seen`: vitest gives a file the import times of its
 * whole worker so far (the modules are shared between its files, isolate: false), so the worker is
 * the one whose last list `seen` repeats, time for time. Not all of it: the setup files run again
 * for each file, with a new time. A list repeating no worker's (half of it at least) is a new worker.
 */
export function workerOf(
  workers: ReadonlyArray<ReadonlyMap<string, number>>,
  seen: ReadonlyMap<string, number>,
): number {
  let best = -1;
  let bestShare = 0.5;
  workers.forEach((last, index) => {
    const repeated = [...last].filter(([id, ms]) => seen.get(id) === ms).length;
    const share = last.size === 0 ? 0 : repeated / last.size;
    if (share > bestShare) [best, bestShare] = [index, share];
  });
  return best === -1 ? workers.length : best;
}

/**
 * Records the run's phases when asked (PHASES_ENV), and nothing otherwise: `time` then only runs
 * what it is given.
 */
export class PhaseRecorder {
  private readonly phases: Phase[] = [];
  private readonly files: FilePhase[] = [];
  /** Each worker's imports so far, by module id: their own times. */
  private readonly workers: Array<Map<string, number>> = [];

  constructor(
    readonly enabled: boolean,
    private readonly root: string,
  ) {}

  static fromEnv(root: string, env: NodeJS.ProcessEnv = process.env): PhaseRecorder {
    return new PhaseRecorder(env[PHASES_ENV] === '1', root);
  }

  /** Runs `work` as the phase `name`; its time and the memory after it are recorded when enabled. */
  async time<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    if (!this.enabled) return work();
    const startMs = performance.now();
    try {
      return await work();
    } finally {
      this.phases.push({ name, startMs, endMs: performance.now(), ...rss() });
    }
  }

  /** `time` for synchronous work. */
  timeSync<T>(name: string, work: () => T): T {
    if (!this.enabled) return work();
    const startMs = performance.now();
    try {
      return work();
    } finally {
      this.phases.push({ name, startMs, endMs: performance.now(), ...rss() });
    }
  }

  /** A phase that ended now and began at the process's start (the CLI's own start). */
  sinceStart(name: string): void {
    if (this.enabled) this.phases.push({ name, startMs: 0, endMs: performance.now(), ...rss() });
  }

  /** A reporter collecting each check file's costs; none when not enabled. */
  reporters(): Reporter[] {
    if (!this.enabled) return [];
    return [{ onTestModuleEnd: (module) => void this.files.push(this.fileOf(module)) }];
  }

  private fileOf(module: TestModule): FilePhase {
    const diagnostic = module.diagnostic();
    const seen = new Map(Object.entries(diagnostic.importDurations).map(([id, took]) => [id, took.selfTime]));
    const worker = workerOf(this.workers, seen);
    const before = this.workers[worker] ?? new Map<string, number>();
    this.workers[worker] = seen;
    const imports: Record<string, number> = {};
    for (const [id, ms] of seen) {
      if (before.has(id)) continue;
      const group = importGroup(id, this.root);
      imports[group] = (imports[group] ?? 0) + ms;
    }
    return {
      file: relative(this.root, module.moduleId),
      worker,
      collectMs: diagnostic.collectDuration,
      testsMs: diagnostic.duration,
      heapBytes: diagnostic.heap,
      imports,
    };
  }

  report(): PhasesReport {
    return { phases: this.phases, files: this.files };
  }

  /** Writes phases.json into the report dir, when enabled. */
  write(reportDir: string): void {
    if (this.enabled) writeWhole(join(reportDir, PHASES_FILE), `${JSON.stringify(this.report(), null, 2)}\n`);
  }
}
