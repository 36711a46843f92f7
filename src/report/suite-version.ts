import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { PROJECT_ROOT, projectPath } from '../project-root.ts';

/** Which suite wrote a summary: the package version, and the git commit when the suite is a checkout. */
export interface SuiteVersion {
  version: string;
  commit?: string;
}

let cached: SuiteVersion | undefined;

/**
 * The suite that is running: package.json's version, and the commit when the suite runs from a git
 * checkout (asked of git with a short time limit; no git, no commit). Read once per process.
 */
export function currentSuiteVersion(): SuiteVersion {
  if (cached) return cached;
  const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };
  let commit: string | undefined;
  if (existsSync(projectPath('.git'))) {
    const git = spawnSync('git', ['rev-parse', 'HEAD'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 2_000,
    });
    const text = git.status === 0 ? git.stdout.trim() : '';
    if (/^[0-9a-f]{40}$/.test(text)) commit = text;
  }
  cached = commit === undefined ? { version } : { version, commit };
  return cached;
}
