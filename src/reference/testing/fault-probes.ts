import { describe, expect, it } from 'vitest';
import type { FaultSpec } from '../fault-switch.ts';
import type { ReferenceAppOptions } from '../app.ts';
import { startHarness, type Harness } from './harness.ts';

/** Asks the API one question whose answer the fault must change. */
export type FaultProbe = (h: Harness) => Promise<unknown>;

async function answerWith(
  fault: string | undefined,
  probe: FaultProbe,
  options: ReferenceAppOptions = {},
): Promise<unknown> {
  const h = await startHarness({ ...options, faults: fault ? [fault] : [] });
  try {
    return await probe(h);
  } finally {
    await h.close();
  }
}

/**
 * The unit test every module's fault record gets: each fault has a probe, and the probe's answer
 * differs between a clean reference and one with that fault. (That each fault names a `must`
 * requirement is the catalog's test.)
 */
export function describeFaultProbes<Id extends string>(
  title: string,
  faults: Record<Id, FaultSpec>,
  probes: Record<Id, FaultProbe>,
): void {
  describe(title, () => {
    it('has a probe for every fault it declares', () => {
      expect(Object.keys(probes).sort()).toEqual(Object.keys(faults).sort());
    });

    it.each(Object.keys(faults) as Id[])('%s changes what the API answers', async (fault) => {
      const correct = await answerWith(undefined, probes[fault]);
      const faulty = await answerWith(fault, probes[fault]);
      expect(faulty).not.toEqual(correct);
    });
  });
}

/** Every request of a frozen-clock probe reads this instant. */
const FROZEN_NOW = new Date('2026-01-01T00:00:00.000Z');

/**
 * For faults whose effect involves the clock: each must show even when every request reads the
 * same instant. Otherwise whether a check sees the fault depends on how fast the machine answers
 * (two writes in one millisecond), and the self-test catches it by chance.
 */
export function describeFrozenClockProbes<Id extends string>(
  title: string,
  faults: readonly Id[],
  probes: Record<Id, FaultProbe>,
): void {
  describe(title, () => {
    it.each(faults)('%s changes what the API answers under a frozen clock', async (fault) => {
      const frozen = { now: () => FROZEN_NOW };
      const correct = await answerWith(undefined, probes[fault], frozen);
      const faulty = await answerWith(fault, probes[fault], frozen);
      expect(faulty).not.toEqual(correct);
    });
  });
}
