import { inject } from 'vitest';
import { silenceAllure } from '../harness/silent-allure.ts';
import { checkCopies, installCheckCopies, type CheckCopies } from '../harness/check-copies.ts';
import type { ProvidedTarget } from '../context/provided.ts';

/**
 * The self-test's batch of faults (fault-lane.ts): each check file is registered once per fault
 * whose files include it, for the checks citing that fault's requirement, against that fault's own
 * reference. One vitest run then judges many faults, paying for its workers once.
 */
export interface FaultTarget {
  fault: string;
  requirement: string;
  /** Absolute paths of the check files citing the requirement. */
  files: string[];
  target: ProvidedTarget;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The self-test's lanes only: the checks run once per fault, against its reference. */
    faultTargets?: FaultTarget[];
  }
}

/** The batch's entry of a fault. */
function entryOf(fault: string): FaultTarget {
  const entry = inject('faultTargets')?.find((candidate) => candidate.fault === fault);
  if (entry === undefined) throw new Error(`no target was provided for the fault ${fault}`);
  return entry;
}

/**
 * The faults (by fault and the reference it is planted in) that a check of the current batch has
 * failed: one verdict is all a fault needs, so its other checks are skipped rather than run (the
 * costliest, the account model, runs last in a batch's file order). Per worker, which is one lane's.
 */
const caught = new Set<string>();
const caughtKey = (fault: string) => `${fault} ${entryOf(fault).target.baseUrl}`;

/** The check copies of a fault batch, read from what the lane provides for the batch at hand. */
const FAULT_BATCH: CheckCopies = {
  tagsOf: (file, requirements) =>
    (inject('faultTargets') ?? [])
      .filter((entry) => entry.files.includes(file) && requirements.includes(entry.requirement))
      .map((entry) => entry.fault),
  targetOf: (fault) => entryOf(fault).target,
  skipReason: (fault) =>
    caught.has(caughtKey(fault))
      ? 'the self-test: an earlier check of this batch already caught the fault'
      : undefined,
  failed: (fault) => {
    caught.add(caughtKey(fault));
  },
};

// A setup file of the lane's vitest (fault-lane.ts): it runs before each check file of the worker.
if (checkCopies() === undefined) {
  installCheckCopies(FAULT_BATCH);
  // A lane runs no Allure reporter (silent-allure.ts says what that cost).
  silenceAllure();
}
