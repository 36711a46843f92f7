import type { OpenPointsName } from '../reference/open-points.ts';
import type { Keyring } from '../target/keyring-types.ts';

/**
 * One run, decided before anything starts: what the command line (src/cli/run.ts) and the
 * self-test's request made of the user's flags. executeRun (src/run/execute.ts) carries it out.
 */
export interface RunPlan {
  /** When the command started: a run's duration counts the reading of its flags too. */
  startedAt: Date;
  target: RunTarget;
  selection: RunSelection;
  /** The run's seed, from which every generated property draws its values (`--seed`). */
  seed: number;
  /** Runs per generated property (`--runs`, `--profile deep`). */
  propertyRuns: number;
  limits: RunLimits;
  /** `--read-only`: no write is sent. */
  readOnly: boolean;
  /** `--dry-run`: print what the run would execute and create, send nothing, write nothing. */
  dryRun: boolean;
  /** `--bail`: stop at the first failed check. */
  bail: boolean;
  /** `--certify`: the verdict is a certificate (src/report/certification.ts). */
  certify: boolean;
  /** The known-deviations file (`--expectations`), read before anything starts. */
  expectationsFile?: string;
  sinks: RunSinks;
}

export interface RunTarget {
  /** Undefined: the embedded reference is started and checked. */
  baseUrl: string | undefined;
  keyring: Keyring;
  /** Where the implementation reaches the suite's fixture web server. */
  fixtureHost: string;
  /** The embedded reference's planted faults (the self-test's unfaulted runs: none). */
  faults: readonly string[];
  /** The embedded reference's personality (open-points.ts); undefined: the default. */
  openPoints?: OpenPointsName;
}

export interface RunSelection {
  /** The check files to load, relative to the project (globs or files). */
  include: string[];
  /** Only checks citing one of these requirement ids (`--requirement`); absent: any. */
  requirements?: string[];
  /** `--profile smoke`: one success path per operation and the bearer-token table. */
  smoke?: boolean;
  /** `--shard i/n`: this run's slice of the check files. */
  shard?: { index: number; count: number };
  /** The selection as the user gave it, for messages (`--only 'voices'`, `the whole suite`). */
  description: string;
}

export interface RunLimits {
  /** Per request, the preflight's included (`--timeout`). */
  requestTimeoutMs: number;
  /** The whole run's bound (`--deadline`). */
  deadlineMs: number;
  /** How long a check waits for a write to show (`--settle`). */
  settleMs: number;
  /** The largest response body read (`--max-body`). */
  maxBodyBytes: number;
  /** Requests in flight at most (`--concurrency`); `concurrencyGiven`: the user set it. */
  concurrency: number;
  concurrencyGiven: boolean;
  /** Requests started per second at most (`--rate-limit`); absent: no cap. */
  ratePerSecond?: number;
  /** Check files at a time (`--workers`); absent: as many as the machine and target suit. */
  workers?: number;
}

/** Where the run's outcomes go: every one of them redacted before it is written. */
export interface RunSinks {
  /** summary.json, index.html, junit.xml, allure-results/, scope-matrix.md, exchanges.har, ledger/. */
  reportDir: string;
  /** The report directory a bare `conformance cleanup` uses: its command line names any other. */
  defaultReportDir: string;
  /** A live status line on the terminal (a TTY outside CI), else one line per area. */
  liveProgress: boolean;
  /** Each failure also as a GitHub Actions annotation. */
  githubAnnotations: boolean;
}
