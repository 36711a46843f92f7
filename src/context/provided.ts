import type { Keyring } from '../target/keyring-types.ts';
import type { Patience } from './patience.ts';

/**
 * What the CLI hands every check file through vitest's `provide`/`inject`: plain data only, since
 * the files run in worker processes and reach the target over HTTP.
 */
export interface ProvidedTarget {
  baseUrl: string;
  keyring: Keyring;
  /** Unique to this run; every resource a check creates carries it. */
  runPrefix: string;
  /** Base URL of the suite's fixture web server as the implementation reaches it (CONFORMANCE_FIXTURE_HOST). */
  fixtureBaseUrl: string;
  /** The same fixture server as the checks themselves reach it (loopback), e.g. to read fetch counts. */
  fixtureLocalUrl: string;
  /** Runs per fast-check property. */
  propertyRuns: number;
  /** The run's seed: every property's own seed is derived from it and the check (src/expect/property.ts). */
  seed: number;
  requestTimeoutMs: number;
  /** The largest response body a client reads (--max-body). */
  maxBodyBytes: number;
  /** The run's ledger: every create is written there before it is sent (src/resources/ledger.ts). */
  ledgerFile?: string;
  /** Each worker's share of --concurrency and --rate-limit (absent: no cap). */
  gate?: { concurrency: number; ratePerSecond?: number };
  /** --read-only: no write is sent; a check that would send one is skipped, saying so. */
  readOnly?: boolean;
  /** Where each worker logs the exchanges of its checks, joined into exchanges.har after the run. */
  exchangeLogDir?: string;
  /** How long a check waits for an expected effect (--settle; absent: the default). */
  patience?: Patience;
  /**
   * false: a generated property ends at its first counterexample, unshrunk. The self-test wants a
   * verdict, not the smallest counterexample: shrinking a model's command sequences took up to a
   * minute per fault, and nobody reads a planted fault's counterexample.
   */
  shrink?: boolean;
}

/** Which checks a run registers to execute (`--requirement`): those citing one of these ids. */
interface ProvidedSelection {
  /** Only checks citing one of these ids (absent: any). */
  requirements?: string[];
  /** `--profile smoke`: one success path per operation and the bearer-token table. */
  smoke?: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    target: ProvidedTarget;
    /** Absent: every check of the files loaded. */
    selection?: ProvidedSelection;
  }
}
