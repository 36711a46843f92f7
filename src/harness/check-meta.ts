import type { ScopeCellMeta } from '../scope/matrix.ts';

/** What a check records about itself for the reporters, beyond pass and fail. */
export interface Observation {
  requirement: string;
  /** What was seen, as short text (a status, a body excerpt, a count). */
  value: string;
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
  /** 429s with Retry-After its requests waited out (absent: none). */
  rateLimitWaits?: number;
  /** The self-test only: the planted fault whose reference this copy of the check runs against. */
  fault?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    check?: CheckMeta;
  }
}
