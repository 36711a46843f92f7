import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import type { ProvidedTarget } from '../harness/provided.ts';
import { makeRedactor, type Redactor } from '../http/redact.ts';
import { certificationPrerequisites, certify } from '../report/certification.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { writeHar } from '../report/har.ts';
import { writeHtmlReport } from '../report/html.ts';
import { redactWrittenFiles } from '../report/redact-files.ts';
import { redactStrings } from '../report/redact-structured.ts';
import { renderScopeMatrix } from '../report/scope-matrix.ts';
import {
  buildSummary,
  exitCodeOf,
  writeSummary,
  type Summary,
  type SummaryCheck,
} from '../report/summary.ts';
import { UnknownFaultError } from '../reference/faults.ts';
import { loadSpec } from '../spec/openapi.ts';
import { resolveTarget, targetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import { startEmbeddedTarget, type RunningTarget } from '../target/embedded.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { preflight } from '../target/preflight.ts';
import { applyExpectations } from '../expectations/apply.ts';
import { loadExpectations } from '../expectations/file.ts';
import { readRunRequest } from '../selftest/run-request.ts';
import { parseCommand, positiveInteger, type CommandArgs, type CommandSpec } from './command-line.ts';
import { redactProcessOutput } from './redacting-output.ts';
import { checkFiles, PROJECT_ROOT, requirementIds } from './selection.ts';
import { TARGET_OPTIONS, targetFlags } from './target-options.ts';

const DEFAULT_PROPERTY_RUNS = 20;
const DEFAULT_TIMEOUT_MS = 30_000;
const EXPECTATIONS_ENV = 'CONFORMANCE_EXPECTATIONS';

export const RUN_COMMAND: CommandSpec = {
  name: 'run',
  summary: 'Run the conformance checks against the target and write the reports.',
  synopsis: '[options]',
  options: {
    ...TARGET_OPTIONS,
    only: {
      type: 'string',
      value: 'AREA',
      help: 'only the checks of suites/AREA (e.g. voices, knowledge-bases)',
    },
    requirement: {
      type: 'string',
      value: 'GLOB',
      help: "only checks citing a matching requirement id (e.g. 'KB-ATTACH-*')",
    },
    runs: {
      type: 'string',
      value: 'N',
      help: 'runs per generated property',
      default: String(DEFAULT_PROPERTY_RUNS),
    },
    seed: {
      type: 'string',
      value: 'N',
      help: "the run's seed, from which every generated property draws its values; a run prints its own, and --seed replays it",
      default: 'random',
    },
    timeout: {
      type: 'string',
      value: 'MS',
      help: 'per-request timeout, the preflight included',
      default: String(DEFAULT_TIMEOUT_MS),
    },
    bail: { type: 'boolean', help: 'stop at the first failed check' },
    certify: {
      type: 'boolean',
      help: 'certification run: every keyring role, forbiddenRoutes, unscopedRoutes and accounts.other.email needed; no selection, --bail or expectations; certified only when every check ran and none failed, errored or was skipped',
    },
    expectations: {
      type: 'string',
      value: 'FILE',
      help: 'known deviations (JSON or YAML): a failure listed there is reported as expected and does not fail the run; a listed check that passes does. Refused by --certify',
      env: EXPECTATIONS_ENV,
    },
  },
  notes: [
    'Before any check a preflight asks the voice catalog without a key and with the full key: an unreachable target, no API at the base URL, or a refused full key stops the run (exit 2).',
    'exit status: 0 every executed check passed (with --certify: certified); 1 a check failed; 2 the run could not be carried out: bad options or configuration, target unreachable, no API found, the full key refused, no check executed, an errored check or harness error, or (--certify) a missing prerequisite or a skipped check.',
    'reports in the report dir: summary.json, index.html, junit.xml, allure-results/, scope-matrix.md.',
  ],
  examples: [
    'conformance run',
    'conformance run --only voices',
    'conformance run --base-url https://staging.example.com/api/v1 --keyring keys.json --requirement "KB-*"',
  ],
};

/** `--seed N` (a whole number from 0 to 2^31-1), or a fresh random seed. */
function runSeed(text: string | undefined): number {
  if (text === undefined) return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(text);
  if (!/^\d+$/.test(text) || seed >= 2 ** 31)
    throw new ConfigError(`option --seed takes a whole number from 0 to 2147483647, got "${text}"`);
  return seed;
}

/** Options that select part of the suite: a certificate rests on all of it. */
const SELECTION_OPTIONS = ['only', 'requirement'] as const;

function runPrefix(): string {
  // Lower-case letters and digits only: valid in a customPersonaId slug, a plugin title and a base name.
  return `cf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The selection options as given, for messages: `--only voices --requirement 'KB-*'`. */
function selectionText(args: CommandArgs): string {
  const parts = SELECTION_OPTIONS.flatMap((key) => {
    const value = args.string(key);
    return value === undefined ? [] : [`--${key} '${value}'`];
  });
  return parts.length > 0 ? parts.join(' ') : 'the whole suite';
}

/** One line saying why a run that executed nothing is no success. */
function nothingRanMessage(args: CommandArgs, checks: readonly SummaryCheck[]): string {
  if (checks.length === 0) return `no check ran: ${selectionText(args)} selected no check`;
  const reason = checks[0]?.message;
  return `no check ran: all ${checks.length} check(s) that ${selectionText(args)} selected were skipped${reason ? ` (the first: ${reason.split('\n')[0]})` : ''}`;
}

/** --certify admits no partial run and no excuse for a failure. */
function certifyConflicts(args: CommandArgs, expectations: string | undefined): void {
  const given = args.given([...SELECTION_OPTIONS, 'bail']);
  if (given.length > 0)
    throw new ConfigError(`--certify runs every check: it cannot be combined with ${given.join(', ')}`);
  if (expectations !== undefined)
    throw new ConfigError(
      `--certify admits no expectations file (${EXPECTATIONS_ENV} or --expectations): every failure counts`,
    );
  if (Number(args.string('runs') ?? DEFAULT_PROPERTY_RUNS) < DEFAULT_PROPERTY_RUNS)
    throw new ConfigError(`--certify needs at least ${DEFAULT_PROPERTY_RUNS} --runs per generated property`);
}

/** Redacts the summary's text, then writes summary.json, scope-matrix.md and index.html from it. */
function writeReports(reportDir: string, summary: Summary, redact: Redactor, withMatrix: boolean): Summary {
  const clean = redactStrings(summary, redact);
  writeSummary(reportDir, clean);
  if (withMatrix) writeFileSync(join(reportDir, 'scope-matrix.md'), renderScopeMatrix(clean));
  writeHtmlReport(reportDir, clean);
  return clean;
}

/** `conformance run`: resolve the target, run every check over it, write the reports, exit 0/1/2. */
export async function runConformance(argv: readonly string[]): Promise<number> {
  const startedAt = new Date();
  let reportDir = join(PROJECT_ROOT, 'reports');
  let targetLabel = '(not resolved)';
  let certifying = false;
  // Until the keyring is known, anything shaped like a key or a share token is still hidden.
  let redact: Redactor = makeRedactor([]);
  let running: RunningTarget | undefined;
  let fixtures: FixtureServer | undefined;
  let restoreOutput: (() => void) | undefined;
  try {
    const args = parseCommand(RUN_COMMAND, argv);
    const options = targetOptions(targetFlags(args), process.env);
    reportDir = options.reportDir;
    certifying = args.flag('certify');
    const envExpectations = process.env[EXPECTATIONS_ENV]?.trim();
    const expectations = args.string('expectations') ?? (envExpectations ? envExpectations : undefined);
    if (certifying) certifyConflicts(args, expectations);
    const selfTest = readRunRequest(process.env);
    const include = checkFiles(args.string('only'), selfTest?.files);
    const requirement = args.string('requirement');
    const selection = requirement !== undefined ? { requirements: requirementIds(requirement) } : undefined;
    const propertyRuns = positiveInteger('--runs', args.string('runs'), DEFAULT_PROPERTY_RUNS);
    const seed = runSeed(args.string('seed'));
    const requestTimeoutMs = positiveInteger('--timeout', args.string('timeout'), DEFAULT_TIMEOUT_MS);
    const resolved = resolveTarget(options);

    const faults = selfTest?.faults ?? [];
    if (faults.length > 0 && resolved.baseUrl !== undefined) {
      throw new ConfigError('the self-test plants faults in the embedded reference only, not at a base URL');
    }
    // Read before anything starts: a malformed file is exit 2 with one line, never a run it half excuses.
    const knownDeviations = expectations === undefined ? [] : loadExpectations(expectations);
    if (resolved.baseUrl === undefined) {
      console.log(
        `conformance: no base URL given: starting the embedded reference implementation${faults.length > 0 ? ` with faults ${faults.join(', ')}` : ''}`,
      );
      try {
        running = await startEmbeddedTarget({ faults });
      } catch (error) {
        if (error instanceof UnknownFaultError) throw new ConfigError(error.message);
        throw error;
      }
    } else {
      running = {
        baseUrl: resolved.baseUrl,
        keyring: resolved.keyring,
        embedded: false,
        close: async () => {},
      };
    }
    targetLabel = running.baseUrl;
    const secrets = keyringSecrets(running.keyring);
    redact = makeRedactor(secrets);
    restoreOutput = redactProcessOutput(redact);
    if (certifying) {
      const missing = certificationPrerequisites(running.keyring);
      if (missing.length > 0) throw new ConfigError(`--certify cannot certify: ${missing.join('; ')}`);
    }
    const notes = await preflight({
      baseUrl: running.baseUrl,
      keyring: running.keyring,
      spec: await loadSpec(),
      secrets,
      timeoutMs: requestTimeoutMs,
    });
    for (const note of notes) console.log(`conformance: preflight: ${note}`);

    fixtures = await startFixtureServer(options.fixtureHost);
    // What the reporters below write is this run's alone: no earlier run's file survives to be
    // mistaken for it, and the redaction pass after the run touches these paths only.
    const junitFile = join(reportDir, 'junit.xml');
    const allureDir = join(reportDir, 'allure-results');
    const harFile = join(reportDir, 'exchanges.har');
    const exchangeLogDir = join(reportDir, 'exchanges.log.d');
    for (const path of [allureDir, junitFile, harFile, exchangeLogDir])
      rmSync(path, { recursive: true, force: true });
    const provided: ProvidedTarget = {
      baseUrl: running.baseUrl,
      keyring: running.keyring,
      runPrefix: runPrefix(),
      fixtureBaseUrl: fixtures.baseUrl,
      fixtureLocalUrl: fixtures.localUrl,
      propertyRuns,
      seed,
      exchangeLogDir,
      requestTimeoutMs,
    };
    console.log(
      `conformance: checking ${running.baseUrl} (run ${provided.runPrefix}, seed ${seed}: --seed ${seed} replays it)${certifying ? ' for certification' : ''}`,
    );
    const collect = new CollectReporter(PROJECT_ROOT);
    const vitest = await startVitest('test', [], {
      config: false,
      root: PROJECT_ROOT,
      include,
      watch: false,
      // vitest's own verdict on an empty run is not ours: a run that executed no check exits 2
      // (exitCodeOf), whatever vitest thinks of it.
      passWithNoTests: true,
      ...(args.flag('bail') ? { bail: 1 } : {}),
      testTimeout: 120_000,
      hookTimeout: 120_000,
      provide: { target: provided, ...(selection ? { selection } : {}) },
      reporters: [
        'default',
        collect,
        ['junit', { outputFile: junitFile }],
        ['allure-vitest/reporter', { resultsDir: allureDir }],
        // On GitHub Actions each failure is also an annotation (redacted like all output).
        ...(process.env.GITHUB_ACTIONS === 'true' ? ['github-actions' as const] : []),
      ],
    });
    await vitest.close();

    const executed = collect.checks.filter((check) => check.outcome !== 'skipped').length;
    const applied = applyExpectations(collect.checks, knownDeviations, startedAt.toISOString().slice(0, 10));
    const built = buildSummary({
      seed,
      target: running.baseUrl,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      checks: applied.checks,
      warnings: applied.warnings,
      // A run that executed nothing says why in summary.json too, not only on the terminal.
      harnessErrors: [
        ...collect.harnessErrors,
        ...(executed === 0 ? [nothingRanMessage(args, collect.checks)] : []),
      ],
    });
    const summary = writeReports(reportDir, certifying ? certify(built) : built, redact, true);
    redactWrittenFiles([junitFile, allureDir], redact);
    writeHar(exchangeLogDir, harFile, redact, summary.suiteVersion);
    const { passed, failed, skipped } = summary.totals;
    const { warned, observed, errored, expected } = summary.outcomes;
    const unexpectedPasses = summary.outcomes['unexpected-pass'];
    // TARGET.md's totals count an errored check as failed; the breakdown says which is which.
    const deviations =
      knownDeviations.length === 0
        ? ''
        : `, ${expected} of them known deviations (expectations file), ${unexpectedPasses} unexpected pass(es)`;
    console.log(
      `conformance: ${passed} passed (${warned} with a warning, ${observed} observations), ` +
        `${failed} failed (${errored} of them errored: not a verdict${deviations}), ${skipped} skipped; reports in ${reportDir}`,
    );
    for (const warning of summary.warnings ?? []) console.error(`conformance: warning: ${warning}`);
    for (const check of summary.checks.filter((c) => c.outcome === 'unexpected-pass'))
      console.error(`conformance: ${check.id}: ${check.message ?? ''}`);
    for (const error of summary.harnessErrors) {
      console.error(`conformance: ${error.startsWith('no check ran') ? '' : 'harness error: '}${error}`);
    }
    if (summary.certified !== undefined) {
      console.log(
        summary.certified
          ? 'conformance: certified: every check ran and none failed'
          : `conformance: not certified: ${(summary.certificationReasons ?? []).join('; ')}`,
      );
    }
    return exitCodeOf(summary);
  } catch (error) {
    const message = redact(
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`,
    );
    console.error(`conformance: ${message}`);
    try {
      const failed = buildSummary({
        target: targetLabel,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        checks: [],
        harnessErrors: [message],
      });
      writeReports(reportDir, certifying ? certify(failed, [message]) : failed, redact, false);
    } catch {
      // The report directory itself may be the problem; the one-line message above says enough.
    }
    return 2;
  } finally {
    await fixtures?.close();
    await running?.close();
    restoreOutput?.();
  }
}
