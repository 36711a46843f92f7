/**
 * Runs `node bin/conformance.js …` as a user would (a child process, the real command end to end)
 * and times it from spawn to exit; vitest's own split of its part is read from the run's timing line.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import type { Cleanup } from './cleanup.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

/** The run's timing line `conformance: 47 check files ran in 6.69s (setup 0ms, import 1.20s, tests 3.40s)`. */
interface VitestDuration {
  /** vitest's wall time, from its start to its end. */
  wallMs: number;
  /** Each part by name (`import`, `tests` …): vitest sums these over the files, across workers. */
  parts: Record<string, number>;
}

export interface CliRun {
  wallMs: number;
  exitCode: number;
  vitest: VitestDuration;
}

/** vitest prints `97ms` below a second and `7.88s` above (formatTime). */
function milliseconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(text);
  if (!match) throw new Error(`cannot read vitest's time "${text}"`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

function parseVitestDuration(output: string): VitestDuration {
  const match = /^conformance: \d+ check files? ran in (\S+) \(([^)]*)\)/m.exec(
    stripVTControlCharacters(output),
  );
  if (!match) throw new Error("the run's timing line is missing from its output");
  const parts: Record<string, number> = {};
  for (const part of match[2]!.split(',')) {
    const [name, time] = part.trim().split(/\s+/);
    if (name !== undefined && time !== undefined) parts[name] = milliseconds(time);
  }
  return { wallMs: milliseconds(match[1]!), parts };
}

/**
 * `conformance <args>` from the project root. Exit 0 and 1 (a check failed) are runs that
 * happened; anything else is an error carrying the end of the run's output.
 */
export async function runConformance(
  args: readonly string[],
  cleanup: Cleanup,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, NO_COLOR: '1' };
  // FORCE_COLOR wins over NO_COLOR in vitest's colours; the parser strips ANSI codes anyway.
  delete env.FORCE_COLOR;
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/conformance.js', ...args], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  cleanup.track(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  const wallMs = performance.now() - started;
  const exitCode = code ?? 128;
  if (exitCode > 1) {
    const tail = output.trimEnd().split('\n').slice(-15).join('\n');
    throw new Error(
      `conformance ${args.join(' ')} exited with ${signal ?? exitCode}; the end of its output:\n${tail}`,
    );
  }
  return { wallMs, exitCode, vitest: parseVitestDuration(output) };
}
