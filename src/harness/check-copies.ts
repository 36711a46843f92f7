import type { ProvidedTarget } from '../context/provided.ts';

/**
 * A hook that registers each check as several copies, each tagged and run against a target of its
 * own, instead of once against the run's target. The harness defines it and knows no more; the
 * self-test supplies one (src/selftest/fault-batch.ts) to judge a batch of planted faults in one
 * vitest run: a check is copied once per fault it can catch, against that fault's reference.
 */
export interface CheckCopies {
  /** The tags of the copies of a check of `file` (an absolute path) citing `requirements`; none: not registered. */
  tagsOf(file: string, requirements: readonly string[]): readonly string[];
  /** The target the copy tagged `tag` runs against. */
  targetOf(tag: string): ProvidedTarget;
  /** Why the copy tagged `tag` need not run (an earlier copy settled its question), or undefined. */
  skipReason(tag: string): string | undefined;
  /** A copy tagged `tag` failed with a verdict on the implementation. */
  failed(tag: string): void;
}

/** The hook of this worker, if a setup file installed one (per worker: its modules are shared by its files). */
let installed: CheckCopies | undefined;

/** Installs the worker's hook (undefined: none, every check registered once against the run's target). */
export function installCheckCopies(copies: CheckCopies | undefined): void {
  installed = copies;
}

export function checkCopies(): CheckCopies | undefined {
  return installed;
}
