import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/**
 * Each worker thread's V8 young generation, in MB. V8 lets it grow several times larger per
 * thread while the checks allocate what lives a few milliseconds (responses, exchanges, drawn
 * bodies), and each thread's peak adds to the run's; a small one cuts that peak at the same CPU
 * time (README, Speed, has the figures). Only how often
 * the young objects are collected changes, never what a check sees; the old generation is left
 * alone: a limit there could end a worker in the middle of a run.
 */
export const WORKER_YOUNG_GENERATION_MB = 12;

/** vitest's worker threads, each with WORKER_YOUNG_GENERATION_MB (vitest's own pool sets no resourceLimits). */
export const LEAN_THREADS = 'lean-threads';

/**
 * vitest's `threads` pool worker (vitest/node's ThreadsPoolWorker: the same entry, env, execArgv
 * and output) with resource limits, which vitest's own passes none of and a worker's execArgv
 * cannot carry (V8 flags are refused there).
 */
class LeanThreadsWorker implements PoolWorker {
  readonly name = LEAN_THREADS;
  private readonly entrypoint: string;
  private thread: Worker | undefined;
  private readonly stdout: NodeJS.WriteStream | Writable;
  private readonly stderr: NodeJS.WriteStream | Writable;

  constructor(
    private readonly options: PoolOptions,
    private readonly limits: ResourceLimits,
  ) {
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
    this.entrypoint = resolve(options.distPath, 'workers/threads.js');
  }

  private get started(): Worker {
    if (!this.thread) throw new Error('the worker thread was stopped or never started');
    return this.thread;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.started.on(event, callback);
  }

  // vitest's PoolRunner.stop() also takes its listeners off a thread whose start failed (a refused
  // execArgv): nothing was put on, so there is nothing to take off.
  off(event: string, callback: (arg: unknown) => void): void {
    this.thread?.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.started.postMessage(message);
  }

  // Called again when the thread is shared between files (isolate: false): one thread all along.
  start(): Promise<void> {
    this.thread ??= new Worker(this.entrypoint, {
      env: this.options.env,
      execArgv: this.options.execArgv,
      resourceLimits: this.limits,
      stdout: true,
      stderr: true,
    });
    const { stdout, stderr } = this.thread;
    for (const [from, to] of [
      [stdout, this.stdout],
      [stderr, this.stderr],
    ] as const) {
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to);
    }
    return Promise.resolve();
  }

  /** Ends the thread; a thread never started (or stopped already) has nothing to end. */
  async stop(): Promise<void> {
    const thread = this.thread;
    if (thread === undefined) return;
    await thread.terminate();
    for (const [from, to] of [
      [thread.stdout, this.stdout],
      [thread.stderr, this.stderr],
    ] as const) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    this.thread = undefined;
  }

  /** The running thread's own limits as V8 applied them (empty once stopped). */
  get resourceLimits(): ResourceLimits {
    return this.thread?.resourceLimits ?? {};
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}

/** The pool every run of check files uses: vitest's threads, young generations capped. */
export function leanThreads(
  limits: ResourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
): PoolRunnerInitializer {
  return { name: LEAN_THREADS, createPoolWorker: (options) => new LeanThreadsWorker(options, limits) };
}
