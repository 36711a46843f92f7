import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root and the published entry point, as a user runs it. */
const PROJECT_ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(PROJECT_ROOT_DIR, 'bin', 'conformance.js');

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  /** stdout and stderr so far, interleaved as they came. */
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * `conformance ARGS` as a child process with a clean environment (PATH, HOME and `env` only: no
 * CONFORMANCE_* of the machine leaks in).
 */
export function startCli(args: readonly string[], env: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: PROJECT_ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

/** Runs it to its end: the exit status and everything it printed. */
export async function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const process = startCli(args, env);
  const code = await process.exit;
  return { code, output: process.output() };
}
