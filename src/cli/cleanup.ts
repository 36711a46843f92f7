import { join } from 'node:path';
import { ApiClient } from '../http/client.ts';
import { makeRedactor } from '../redact/secrets.ts';
import {
  holdsNothing,
  ledgerFile,
  ledgerFiles,
  readLedger,
  removeLedger,
  type LedgerState,
} from '../resources/ledger.ts';
import { locateEntry, type AccountClients } from '../resources/ledger-sweep.ts';
import { locateRefused } from '../resources/refused-creates.ts';
import { findLeftovers, prefixPattern, removeLeftover, type Leftover } from '../resources/leftovers.ts';
import { RUN_ID_IN_TEXT, RUN_ID_PATTERN } from '../resources/run-id.ts';
import { loadSpec } from '../spec/openapi.ts';
import { resolveTarget, targetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { assertReachable } from '../target/reachability.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';
import { redactProcessOutput } from '../redact/process-output.ts';
import { accountClients, sweepLedgerFile, type SweepIo } from '../run/sweep.ts';
import { TARGET_OPTIONS, targetFlags } from './target-options.ts';

export const CLEANUP_COMMAND: CommandSpec = {
  name: 'cleanup',
  summary: 'Remove what a run left on the target: exactly what its ledger records.',
  about:
    "Every run writes down each resource before it creates it, in <report-dir>/ledger/<run id>.jsonl, and marks it when it is deleted. cleanup deletes what the ledgers of this target still hold open, by identity, and touches nothing else. For a run made on another machine (no ledger here), --prefix RUNID deletes what carries that run's id. Without a ledger and without --prefix it only lists the candidates.",
  synopsis: '[target options] [--run RUNID | --prefix RUNID] [--dry-run]',
  options: {
    ...TARGET_OPTIONS,
    run: {
      type: 'string',
      value: 'RUNID',
      help: "only that run's ledger",
      default: 'every ledger of this target',
    },
    prefix: {
      type: 'string',
      value: 'RUNID',
      help: "no ledger: delete the assistants, plugins and bases whose identity starts with this run's id (as conformance run printed it)",
    },
    'dry-run': { type: 'boolean', help: 'list what would be removed, remove nothing' },
  },
  notes: [
    'A run id looks like cfrun0mi3k2x7ab12cd34 (cfrun and 17 letters or digits); a run prints its own.',
    'exit status: 0 nothing left, 1 something could not be removed, 2 the cleanup could not be carried out.',
  ],
  examples: [
    'conformance cleanup --base-url https://staging.example.com/api/v1 --keyring keys.json --dry-run',
    'conformance cleanup --base-url https://staging.example.com/api/v1 --keyring keys.json --run cfrun0mi3k2x7ab12cd34',
    'conformance cleanup --base-url https://staging.example.com/api/v1 --keyring keys.json --prefix cfrun0mi3k2x7ab12cd34',
  ],
};

const consoleIo: SweepIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

function checkedRunId(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!RUN_ID_PATTERN.test(value))
    throw new ConfigError(
      `${option} takes a run id as conformance run prints it (cfrun followed by 17 letters or digits), got "${value}"`,
    );
  return value;
}

/**
 * `--dry-run`: what the sweep would remove, each on the account it is on now (read, not taken from
 * the ledger: a transferred assistant is on B), and what is gone already.
 */
async function listEntries(state: LedgerState, clients: AccountClients, io: SweepIo): Promise<void> {
  for (const entry of state.open) {
    const what = `${entry.kind} ${entry.id ?? `named "${entry.name ?? ''}"`}`;
    const unanswered = entry.created ? '' : ', create never answered';
    const where = await locateEntry(entry, clients);
    if ('gone' in where)
      io.out(
        `already gone: ${what} (run ${state.runId}${unanswered}): only its ledger entry would be closed`,
      );
    else
      io.out(
        `would remove ${what} (${'on' in where ? `account ${where.on}` : `account ${entry.account} as created; where it is now could not be told: ${where.problem}`}, run ${state.runId}${unanswered})`,
      );
  }
  // Refused creates: only those a faulty implementation saved all the same would be removed.
  const refused = await locateRefused(state.refused, clients);
  for (const [index, entry] of state.refused.entries()) {
    const what = `${entry.kind} ${entry.id ?? `named "${entry.name ?? ''}"`}`;
    const context = `account ${entry.account}, run ${state.runId}, its create refused`;
    const where = refused[index] ?? { problem: 'not looked for' };
    if ('problem' in where) io.out(`could not tell whether ${what} exists (${context}): ${where.problem}`);
    else if (where.ids.length === 0)
      io.out(`not there: ${what} (${context}): only its ledger entry would be closed`);
    else
      for (const id of where.ids) io.out(`would remove ${entry.kind} ${id} (${context}, saved all the same)`);
  }
}

/** By prefix or as candidates: what carries a run id on the accounts, found by listing. */
async function scanAccounts(
  clients: AccountClients,
  pattern: RegExp,
  io: SweepIo,
): Promise<{ found: Array<[Leftover, ApiClient, string]>; problems: number }> {
  const found: Array<[Leftover, ApiClient, string]> = [];
  let problems = 0;
  for (const [account, client] of Object.entries(clients)) {
    const scan = await findLeftovers(client, pattern);
    for (const problem of scan.problems) {
      problems += 1;
      io.err(`conformance cleanup: account ${account}: ${problem}`);
    }
    for (const leftover of scan.found) found.push([leftover, client, account]);
  }
  return { found, problems };
}

/**
 * `conformance cleanup`: removes what runs left on the target, by ledger (default) or by one run's
 * id (`--prefix`); without either it lists candidates and deletes nothing.
 */
export async function runCleanup(argv: string[], io: SweepIo = consoleIo): Promise<number> {
  let restoreOutput: (() => void) | undefined;
  try {
    const args = parseCommand(CLEANUP_COMMAND, argv);
    const runId = checkedRunId('--run', args.string('run'));
    const prefix = checkedRunId('--prefix', args.string('prefix'));
    if (runId !== undefined && prefix !== undefined)
      throw new ConfigError('--run (a ledger) and --prefix (no ledger) exclude each other: give one');
    const dryRun = args.flag('dry-run');
    const resolved = resolveTarget(targetOptions(targetFlags(args), process.env));
    if (resolved.baseUrl === undefined) {
      io.out(
        'conformance cleanup: no base URL given; the embedded reference keeps nothing between runs, so there is nothing to remove',
      );
      return 0;
    }
    const baseUrl = resolved.baseUrl;
    restoreOutput = redactProcessOutput(makeRedactor(keyringSecrets(resolved.keyring)));
    const clients = accountClients(baseUrl, resolved.keyring, await loadSpec());
    if (clients.A === undefined && clients.B === undefined)
      throw new ConfigError(
        "no key to clean up with: give a full key (--api-key, or the keyring's full or other role)",
      );
    const ledgerDir = join(resolved.reportDir, 'ledger');
    const files = runId !== undefined ? [ledgerFile(ledgerDir, runId)] : ledgerFiles(ledgerDir);
    if (runId !== undefined && ledgerFiles(ledgerDir).every((file) => file !== files[0]))
      throw new ConfigError(`no ledger of run ${runId} in ${ledgerDir}`);
    await assertReachable(baseUrl);

    if (prefix !== undefined) {
      const { found, problems } = await scanAccounts(clients, prefixPattern(prefix), io);
      let failures = problems;
      for (const [leftover, client, account] of found) {
        if (dryRun) {
          io.out(`would remove ${leftover.kind} ${leftover.label} (account ${account})`);
          continue;
        }
        const problem = await removeLeftover(client, leftover);
        if (problem === undefined) io.out(`removed ${leftover.kind} ${leftover.label} (account ${account})`);
        else {
          failures += 1;
          io.err(`conformance cleanup: could not remove ${leftover.kind} ${leftover.label}: ${problem}`);
        }
      }
      if (!dryRun)
        io.out(
          `conformance cleanup: ${found.length - (failures - problems)} removed, ${failures} problem(s)`,
        );
      return failures > 0 ? 1 : 0;
    }

    const ledgers = files.map((file) => readLedger(file));
    const mine = ledgers.filter((state) => state.target === baseUrl);
    for (const other of ledgers.filter((state) => state.target !== baseUrl && !holdsNothing(state)))
      io.out(
        `conformance cleanup: ledger of run ${other.runId} is for ${other.target || 'an unknown target'}: not this one, left alone`,
      );
    // A ledger with nothing open has done its job (its run deleted all it made, or a sweep did).
    if (!dryRun)
      for (const done of mine.filter(holdsNothing)) {
        removeLedger(done.file);
        io.out(`conformance cleanup: the ledger of run ${done.runId} held nothing open: removed`);
      }
    const open = mine.filter((state) => !holdsNothing(state));
    if (open.length === 0) {
      // No ledger to go by: show what carries a run id, and delete nothing (a name is no proof).
      const { found, problems } = await scanAccounts(clients, prefixPattern(undefined), io);
      const runs = [
        ...new Set(found.flatMap(([leftover]) => RUN_ID_IN_TEXT.exec(leftover.label)?.[0] ?? [])),
      ];
      for (const [leftover, , account] of found)
        io.out(`candidate: ${leftover.kind} ${leftover.label} (account ${account})`);
      io.out(
        found.length === 0
          ? `conformance cleanup: no ledger of ${baseUrl} holds anything open, and nothing on the accounts carries a run id`
          : `conformance cleanup: no ledger here records these ${found.length} resource(s), so none was deleted; to delete those of one run: conformance cleanup --prefix RUNID (run ids seen: ${runs.join(', ')})`,
      );
      return problems > 0 ? 1 : 0;
    }
    let failures = 0;
    for (const state of open) {
      if (dryRun) await listEntries(state, clients, io);
      else failures += await sweepLedgerFile(state, clients, io);
    }
    if (!dryRun) io.out(`conformance cleanup: ${failures} problem(s)`);
    return failures > 0 ? 1 : 0;
  } catch (error) {
    const message =
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`;
    io.err(`conformance cleanup: ${message}`);
    return 2;
  } finally {
    restoreOutput?.();
  }
}
