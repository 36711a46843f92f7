import { patienceOf } from '../context/patience.ts';
import type { ProvidedTarget } from '../context/provided.ts';
import type { FixtureServer } from '../target/fixture-server.ts';
import type { Keyring } from '../target/keyring-types.ts';

/** What every check run hands its check files, whoever runs them (a run, a self-test lane). */
export interface CheckTargetInput {
  baseUrl: string;
  keyring: Keyring;
  /** Unique to the run: every resource a check creates carries it. */
  runId: string;
  fixtures: Pick<FixtureServer, 'baseUrl' | 'localUrl'>;
  seed: number;
  propertyRuns: number;
  requestTimeoutMs: number;
  maxBodyBytes: number;
  settleMs: number;
}

/** The target as the check files receive it (`inject('target')`), with what only a run adds. */
export function providedTarget(
  input: CheckTargetInput,
  extra: Pick<ProvidedTarget, 'ledgerFile' | 'readOnly' | 'exchangeLogDir' | 'gate' | 'shrink'> = {},
): ProvidedTarget {
  return {
    baseUrl: input.baseUrl,
    keyring: input.keyring,
    runPrefix: input.runId,
    fixtureBaseUrl: input.fixtures.baseUrl,
    fixtureLocalUrl: input.fixtures.localUrl,
    propertyRuns: input.propertyRuns,
    seed: input.seed,
    requestTimeoutMs: input.requestTimeoutMs,
    maxBodyBytes: input.maxBodyBytes,
    patience: patienceOf(input.settleMs),
    ...extra,
  };
}
