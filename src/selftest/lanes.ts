import { thisMachine, type Machine } from '../run/workers.ts';

/**
 * What one more lane holds in the self-test's process: a vitest instance with its worker thread,
 * the references of its fault batch and what its checks collected. An over-estimate of what was
 * measured (README, Speed).
 */
export const LANE_BYTES = 250 * 1024 * 1024;

/**
 * What the self-test holds besides its lanes: its own process (the CLI, vitest's shared state, the
 * catalog) and the two unfaulted runs it starts beside the lanes, each a `conformance run` child
 * process of its own (a full run's peak, README, Speed, with room to spare).
 */
export const SELF_TEST_BASE_BYTES = (400 + 2 * 450) * 1024 * 1024;

/**
 * Lanes at a time when --jobs is not given: two per CPU, since a fault batch waits about as much as
 * it computes (a fault whose effect never shows waits out its checks' patience); never more than
 * the memory holds, so that a small CI container runs fewer lanes rather than running out; one at
 * least.
 */
export function defaultLanes(machine: Machine = thisMachine()): number {
  const byCores = Math.max(2, 2 * machine.cores);
  const byMemory = Math.floor((machine.memoryBytes - SELF_TEST_BASE_BYTES) / LANE_BYTES);
  return Math.max(1, Math.min(byCores, byMemory));
}

/** What a lane must do to be let go: end its vitest instance and its fixture server. */
interface Closable {
  close(): Promise<void>;
}

/**
 * Opens `count` lanes side by side. When one cannot open, the lanes that did are closed (each
 * would keep the process alive) and the error says why in one line.
 */
export async function openLanes<Lane extends Closable>(
  count: number,
  open: () => Promise<Lane>,
): Promise<Lane[]> {
  const opening = await Promise.allSettled(Array.from({ length: count }, () => open()));
  const lanes = opening.flatMap((lane) => (lane.status === 'fulfilled' ? [lane.value] : []));
  const failed = opening.find((lane) => lane.status === 'rejected');
  if (failed === undefined) return lanes;
  await Promise.allSettled(lanes.map((lane) => lane.close()));
  const reason: unknown = failed.reason;
  const why = (reason instanceof Error ? reason.message : String(reason)).split('\n')[0]?.trim();
  throw new Error(`${count - lanes.length} of ${count} self-test lane(s) could not open: ${why}`);
}
