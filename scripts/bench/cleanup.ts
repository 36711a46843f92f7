/**
 * Everything the bench leaves behind while it runs (temp dirs, child runs, servers), so that a
 * normal end, a failure and Ctrl-C all remove it.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A stopped run gets 10 s for the requests in flight (src/run/sweep.ts), then writes its reports. */
const CHILD_GRACE_MS = 15_000;

const EXIT_CODE = { SIGINT: 130, SIGTERM: 143 } as const;

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Kills the child's process group (the child and whatever it started that outlived it). */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export class Cleanup {
  private readonly closers: (() => Promise<void>)[] = [];
  private readonly children = new Set<ChildProcess>();
  private readonly dirs = new Set<string>();
  /** Set once a signal asked the bench to stop: what fails from then on is the stop, not a finding. */
  stopping = false;

  /** Last resort when the process exits without release() (a second Ctrl-C, a crash): synchronous. */
  private readonly onExit = (): void => {
    for (const child of this.children) if (running(child)) killGroup(child);
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  };

  private readonly onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
    if (this.stopping) process.exit(EXIT_CODE[signal]);
    this.stopping = true;
    process.stderr.write(`bench: ${signal}: stopping the runs and removing temp files (again: at once)\n`);
    void this.release().finally(() => process.exit(EXIT_CODE[signal]));
  };

  install(): void {
    process.on('exit', this.onExit);
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  async tempDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-bench-'));
    this.dirs.add(dir);
    return dir;
  }

  /**
   * A child spawned detached, i.e. leading its own process group: Ctrl-C in the terminal reaches
   * the bench only, which then stops the child exactly once (a second signal would make a run
   * exit without its cleanup).
   */
  track(child: ChildProcess): void {
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
  }

  /** Registers `close` for the end; the returned function closes it earlier (once). */
  defer(close: () => Promise<void>): () => Promise<void> {
    let closing: Promise<void> | undefined;
    const closeOnce = (): Promise<void> => (closing ??= close());
    this.closers.push(closeOnce);
    return closeOnce;
  }

  /** Stops the children (SIGTERM, then SIGKILL after a grace), closes servers, removes temp dirs. */
  async release(): Promise<void> {
    await Promise.all(
      [...this.children].map(async (child) => {
        if (!running(child)) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const stopped = await Promise.race([
          exited.then(() => true),
          sleep(CHILD_GRACE_MS, false, { ref: false }),
        ]);
        if (!stopped) killGroup(child);
      }),
    );
    for (const close of this.closers.reverse()) await close().catch(() => undefined);
    this.closers.length = 0;
    await Promise.all([...this.dirs].map((dir) => rm(dir, { recursive: true, force: true })));
    this.dirs.clear();
  }
}
