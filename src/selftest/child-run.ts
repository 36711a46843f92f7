import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../report/summary.ts';
import { encodeRunRequest, SELF_TEST_RUN_ENV, type SelfTestRunRequest } from './run-request.ts';

/** What one `conformance run` child left behind. */
export interface ChildRun {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Its summary.json; undefined when it wrote none (or an unreadable one). */
  summary: Summary | undefined;
  reportDir: string;
}

/** Child runs still going, so that an interrupt or a timeout can end them with everything they started. */
export class ChildRegistry {
  private readonly running = new Set<ChildProcess>();

  add(child: ChildProcess): void {
    this.running.add(child);
    child.once('exit', () => this.running.delete(child));
  }

  get size(): number {
    return this.running.size;
  }

  /** Ends every running child with its own process group (vitest's workers included). */
  killAll(): void {
    for (const child of this.running) killGroup(child);
  }
}

/** Each child leads its own process group (spawned detached), so one signal reaches its workers too. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The implementation under test is always the embedded reference: nothing of the caller's target leaks in. */
export function childEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!name.startsWith('CONFORMANCE_')) clean[name] = value;
  return { ...clean, NO_COLOR: '1' };
}

function readSummary(reportDir: string): Summary | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Partial<Summary>;
    return Array.isArray(parsed.checks) && typeof parsed.outcomes === 'object'
      ? (parsed as Summary)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface ChildRunOptions {
  /** The project root, where bin/conformance.js is. */
  root: string;
  /** `run` options besides --report-dir. */
  args: readonly string[];
  /** Faults and check files, passed beside the options (see run-request.ts). */
  request: SelfTestRunRequest;
  /** Where the child writes its reports and this writes its output (output.log). */
  reportDir: string;
  timeoutMs: number;
  registry: ChildRegistry;
}

/** Runs `node bin/conformance.js run ARGS --report-dir DIR` with the request and reads the summary it wrote. */
export function runConformanceChild(options: ChildRunOptions): Promise<ChildRun> {
  const started = Date.now();
  mkdirSync(options.reportDir, { recursive: true });
  const output = openSync(join(options.reportDir, 'output.log'), 'w');
  return new Promise((resolvePromise) => {
    let timedOut = false;
    let child: ChildProcess;
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      resolvePromise({
        exitCode,
        timedOut,
        durationMs: Date.now() - started,
        summary: readSummary(options.reportDir),
        reportDir: options.reportDir,
      });
    };
    try {
      child = spawn(
        process.execPath,
        ['bin/conformance.js', 'run', ...options.args, '--report-dir', options.reportDir],
        {
          cwd: options.root,
          env: { ...childEnvironment(process.env), [SELF_TEST_RUN_ENV]: encodeRunRequest(options.request) },
          detached: true,
          stdio: ['ignore', output, output],
        },
      );
    } finally {
      closeSync(output);
    }
    options.registry.add(child);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    child.once('error', () => finish(null));
    child.once('exit', (code) => finish(code));
  });
}
