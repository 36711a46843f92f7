import { availableParallelism } from 'node:os';
import type { ProvidedTarget } from '../context/provided.ts';
import type { RunLimits } from './plan.ts';

/**
 * Workers at least against a remote target, where they mostly wait (see defaultWorkers). Five, not
 * four: with four, the other files' waiting (about 140 s summed at 20 ms a request) kept the run
 * past the account model's chain, its longest; with five the run ends with that chain, for about
 * 45 MB more (README, Speed, has the figures). Each then has one request of the default eight in
 * flight (gateOf).
 */
export const REMOTE_WORKERS = 5;

/**
 * What one more worker thread costs a run: its own copy of the modules, the spec and its compiled
 * schemas, and the exchanges its checks hold (an over-estimate; README, Speed, has the figures).
 */
export const WORKER_BYTES = 100 * 1024 * 1024;

/** What the run's main thread needs beside its workers: vitest, the reports, the embedded reference. */
export const MAIN_BYTES = 350 * 1024 * 1024;

export interface Machine {
  cores: number;
  /** Memory the run may use: what is free, within the container's limit if there is one. */
  memoryBytes: number;
}

/** This machine's cores and the memory a run may count on. */
export function thisMachine(): Machine {
  // availableMemory: what is still free, within a container's limit where there is one (not the
  // limit itself, which other processes of the container share).
  return { cores: availableParallelism(), memoryBytes: process.availableMemory() };
}

/**
 * How many check files run at a time when --workers is not given. Against the embedded reference,
 * one per core: the reference shares the cores. Against a remote target the workers mostly wait,
 * so at least REMOTE_WORKERS run: a remote run's wall is its files' waiting divided by the files
 * waiting at a time. Never more than the memory holds: in a small CI
 * container a worker per core could exhaust it. Never more than requests allowed in flight, each
 * worker needing one at least.
 */
export function defaultWorkers(machine: Machine, embedded: boolean, concurrency: number): number {
  const byCores = embedded ? machine.cores : Math.max(machine.cores, REMOTE_WORKERS);
  const byMemory = Math.floor((machine.memoryBytes - MAIN_BYTES) / WORKER_BYTES);
  return Math.max(1, Math.min(byCores, byMemory, concurrency));
}

/** Check files at a time: --workers, or what the machine and the target suit; never more than the requests allowed. */
export function workersOf(limits: RunLimits, embedded: boolean, machine: Machine = thisMachine()): number {
  const { workers, concurrency } = limits;
  return Math.max(1, Math.min(workers ?? defaultWorkers(machine, embedded, concurrency), concurrency));
}

/** Each worker's share of the caps; the embedded reference is ours to load, uncapped unless asked. */
export function gateOf(limits: RunLimits, embedded: boolean, workers: number): ProvidedTarget['gate'] {
  const { concurrency, concurrencyGiven, ratePerSecond } = limits;
  if (embedded && !concurrencyGiven && ratePerSecond === undefined) return undefined;
  return {
    concurrency: Math.max(1, Math.floor(concurrency / workers)),
    ...(ratePerSecond !== undefined ? { ratePerSecond: ratePerSecond / workers } : {}),
  };
}
