/**
 * Defaults every run of the check files shares, whoever starts it (`conformance run`, a self-test
 * lane): how many cases a generated property draws, and how long one request may take.
 */
export const DEFAULT_PROPERTY_RUNS = 20;
export const DEFAULT_TIMEOUT_MS = 30_000;
