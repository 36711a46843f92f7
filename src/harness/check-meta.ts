import type { ScopeCellMeta } from '../scope/matrix.ts';

/** What a check records about itself for the reporters, beyond pass and fail. */
export interface Observation {
  requirement: string;
  /** What was seen, as short text (a status, a body excerpt, a count). */
  value: string;
  /**
   * The situation the value answers, where a drawn history decides whether it is reached at all
   * (`value` then reads `situation: behaviour`). Two runs compare such values only for the
   * situations both reached: one reached by a single run is coverage, not a change.
   */
  situation?: string;
}

/**
 * What a run happened to exercise, beside what it observed: how often a drawn history reached a
 * transition, what could not be judged because the collection moved or a cap was hit. It depends
 * on the seed and on timing, not on the implementation, so `conformance diff` does not compare it
 * (see src/diff/coverage-lost.ts for the one thing it does tell).
 */
export interface CoverageNote {
  /** A requirement id (a transition of the model is named by the requirement it exercises). */
  requirement: string;
  value: string;
  /** How many times the run exercised it, where it counts (a transition); absent for a note. */
  times?: number;
}

export type CheckKind = 'must' | 'should' | 'observed';

export interface CheckMeta {
  id: string;
  requirements: string[];
  kind: CheckKind;
  operations: string[];
  area: string;
  /** A scope-matrix check's cell: what the report's matrix shows. */
  scope?: ScopeCellMeta;
  /** Set when the body starts: a skipped check that never started was not selected (--requirement, --bail). */
  started?: boolean;
  /** Set when a `should` check's assertion failed: reported as a warning, never a failure. */
  warning?: string;
  observations: Observation[];
  /** What the check happened to exercise (ctx.cover): kept apart from what it observed. */
  coverage: CoverageNote[];
  /** 429s with Retry-After its requests waited out (absent: none). */
  rateLimitWaits?: number;
  /** A copy's tag (check-copies.ts): in the self-test, the planted fault whose reference it runs against. */
  fault?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    check?: CheckMeta;
  }
}
