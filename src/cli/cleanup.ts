import { ApiClient } from '../http/client.ts';
import { makeRedactor } from '../http/redact.ts';
import { findLeftovers, prefixPattern, removeLeftover, RUN_PREFIX_PATTERN } from '../resources/leftovers.ts';
import { loadSpec } from '../spec/openapi.ts';
import { resolveTarget, targetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import type { Role } from '../target/keyring-types.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { assertReachable } from '../target/reachability.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';
import { redactProcessOutput } from './redacting-output.ts';
import { TARGET_OPTIONS, targetFlags } from './target-options.ts';

export const CLEANUP_COMMAND: CommandSpec = {
  name: 'cleanup',
  summary: 'Remove what an interrupted run left on the target.',
  about:
    'Removes the assistants, plugins and knowledge bases whose name carries a run prefix, on the accounts of the full and other keys.',
  synopsis: '[target options] [--prefix P] [--dry-run]',
  options: {
    ...TARGET_OPTIONS,
    prefix: {
      type: 'string',
      value: 'P',
      help: 'only what the run with this prefix created',
      default: 'any run prefix',
    },
    'dry-run': { type: 'boolean', help: 'list what would be removed, remove nothing' },
  },
  notes: [
    'exit status: 0 nothing left, 1 something could not be removed, 2 the cleanup could not be carried out.',
  ],
  examples: [
    'conformance cleanup --base-url https://staging.example.com/api/v1 --keyring keys.json --dry-run',
    'conformance cleanup --base-url https://staging.example.com/api/v1 --keyring keys.json --prefix cfmabc123def',
  ],
};

/** The accounts the suite creates resources on: A through `full`, B through `other`. */
const CLEANUP_ROLES: readonly Role[] = ['full', 'other'];

export interface CleanupIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: CleanupIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** A run prefix as `conformance run` prints it (or a file's prefix, which extends it). */
function checkedPrefix(prefix: string | undefined): string | undefined {
  if (prefix === undefined) return undefined;
  if (!RUN_PREFIX_PATTERN.test(prefix) || !/^[0-9a-z]+$/.test(prefix)) {
    throw new ConfigError(
      `--prefix takes a run prefix as conformance run prints it (cf followed by at least 10 letters or digits), got "${prefix}"`,
    );
  }
  return prefix;
}

/**
 * `conformance cleanup`: removes what an interrupted run left on the target, i.e. the assistants,
 * plugins and knowledge bases of the keyring's `full` and `other` accounts whose identity or name
 * starts with the run prefix (`--prefix P`, default any run prefix). `--dry-run` lists them only.
 * Exit status: 0 nothing left, 1 something could not be removed or listed, 2 the cleanup could not
 * be carried out (configuration, target unreachable).
 */
export async function runCleanup(argv: string[], io: CleanupIo = consoleIo): Promise<number> {
  let restoreOutput: (() => void) | undefined;
  try {
    const args = parseCommand(CLEANUP_COMMAND, argv);
    const pattern = prefixPattern(checkedPrefix(args.string('prefix')));
    const dryRun = args.flag('dry-run');
    const resolved = resolveTarget(targetOptions(targetFlags(args), process.env));
    if (resolved.baseUrl === undefined) {
      io.out(
        'conformance cleanup: no base URL given; the embedded reference keeps nothing between runs, so there is nothing to remove',
      );
      return 0;
    }
    const secrets = keyringSecrets(resolved.keyring);
    restoreOutput = redactProcessOutput(makeRedactor(secrets));
    const keys = [
      ...new Map(
        CLEANUP_ROLES.flatMap((role) => {
          const key = resolved.keyring.keys[role];
          return key === undefined ? [] : [[key, role] as const];
        }),
      ).entries(),
    ];
    if (keys.length === 0)
      throw new ConfigError(
        "no key to clean up with: give a full key (--api-key, or the keyring's full or other role)",
      );
    await assertReachable(resolved.baseUrl);
    const spec = await loadSpec();

    let failures = 0;
    let removed = 0;
    for (const [apiKey, role] of keys) {
      const client = new ApiClient({ baseUrl: resolved.baseUrl, apiKey, spec, secrets });
      const { found, problems } = await findLeftovers(client, pattern);
      for (const problem of problems) {
        failures += 1;
        io.err(`conformance cleanup: account of the ${role} key: ${problem}`);
      }
      for (const leftover of found) {
        if (dryRun) {
          io.out(`would remove ${leftover.kind} ${leftover.label} (account of the ${role} key)`);
          continue;
        }
        const problem = await removeLeftover(client, leftover);
        if (problem === undefined) {
          removed += 1;
          io.out(`removed ${leftover.kind} ${leftover.label} (account of the ${role} key)`);
        } else {
          failures += 1;
          io.err(`conformance cleanup: could not remove ${leftover.kind} ${leftover.label}: ${problem}`);
        }
      }
    }
    if (!dryRun) io.out(`conformance cleanup: ${removed} removed, ${failures} problem(s)`);
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
