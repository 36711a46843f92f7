import { ApiClient } from '../http/client.ts';
import { LedgerWriter, readLedger, removeLedger, type LedgerState } from '../resources/ledger.ts';
import { sweepLedger, type AccountClients } from '../resources/ledger-sweep.ts';
import type { Spec } from '../spec/openapi.ts';
import type { Keyring } from '../target/keyring-types.ts';
import { keyringSecrets } from '../target/keyring.ts';

/**
 * What a run leaves is removed by its ledger: at its end (this run's), or by `conformance cleanup`
 * (any run's). The sweep is the run's; the cleanup command calls it.
 */

export interface SweepIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** How long requests in flight at a stop get to be answered, so their resources are known by id. */
const STOP_GRACE_MS = 10_000;

/** After a stop: waits (bounded) until no create of the run is still waiting for its answer. */
export async function awaitCreatesInFlight(file: string): Promise<void> {
  const until = Date.now() + STOP_GRACE_MS;
  while (
    Date.now() < until &&
    readLedger(file).open.some((entry) => !entry.created && entry.id === undefined)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The command that removes what a run left, for a person to copy (no key in it: the keyring comes from where it came). */
export function cleanupCommandLine(
  baseUrl: string,
  runId: string,
  reportDir: string,
  defaultReportDir: string,
): string {
  const dir = reportDir === defaultReportDir ? '' : ` --report-dir ${reportDir}`;
  return `conformance cleanup --base-url ${baseUrl} --run ${runId}${dir} (with the same keyring or key)`;
}

/** A client per account: A through the `full` key, B through `other`. */
export function accountClients(
  baseUrl: string,
  keyring: Keyring,
  spec: Spec,
  timeoutMs?: number,
): AccountClients {
  const secrets = keyringSecrets(keyring);
  const client = (apiKey: string) =>
    new ApiClient({ baseUrl, apiKey, spec, secrets, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  return {
    ...(keyring.keys.full !== undefined ? { A: client(keyring.keys.full) } : {}),
    ...(keyring.keys.other !== undefined ? { B: client(keyring.keys.other) } : {}),
  };
}

/**
 * Removes what one ledger holds open; a ledger left with nothing open is deleted (it has done its
 * job). Returns the number of problems.
 */
export async function sweepLedgerFile(
  state: LedgerState,
  clients: AccountClients,
  io: SweepIo,
): Promise<number> {
  const writer = new LedgerWriter(state.file, { keys: {} });
  const report = await sweepLedger(state, clients, writer);
  for (const removed of report.removed) io.out(`removed ${removed} (run ${state.runId})`);
  for (const problem of report.problems)
    io.err(`conformance cleanup: could not remove ${problem} (run ${state.runId})`);
  if (report.problems.length === 0) removeLedger(state.file);
  return report.problems.length;
}
