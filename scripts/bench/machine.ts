/** What the figures were measured on: they mean little without the machine and the suite's version. */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';

export interface Machine {
  cores: number;
  cpu: string;
  node: string;
  date: string;
  commit: string;
  /** Tracked files differ from the commit: the figures are of the working tree, not of `commit` alone. */
  uncommittedChanges: boolean;
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export function describeMachine(root: string): Machine {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    date: new Date().toISOString(),
    commit: git(root, ['rev-parse', '--short', 'HEAD']) ?? 'unknown',
    uncommittedChanges: (git(root, ['status', '--porcelain', '--untracked-files=no']) ?? '') !== '',
  };
}
