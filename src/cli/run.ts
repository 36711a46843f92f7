import { join } from 'node:path';
import { createVitest, type Vitest } from 'vitest/node';
import type { ProvidedTarget } from '../harness/provided.ts';
import { makeRedactor, type Redactor } from '../http/redact.ts';
import { certificationPrerequisites, certify } from '../report/certification.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { writeHar } from '../report/har.ts';
import { writeJunit } from '../report/junit.ts';
import { TerminalProgress } from '../report/terminal-progress.ts';
import { exitLine, verdictLines } from '../report/terminal-verdict.ts';
import { clearOwnedReports, hasOwnedReports, reportPath } from '../report/owned-files.ts';
import { RedactingAllureReporter } from '../report/allure-sink.ts';
import { redactStrings } from '../report/redact-structured.ts';
import { writeSummaryReports } from '../report/write-reports.ts';
import { buildSummary, exitCodeOf, type Summary, type SummaryCheck } from '../report/summary.ts';
import { UnknownFaultError } from '../reference/faults.ts';
import { loadSpec } from '../spec/openapi.ts';
import { resolveTarget, targetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import { openPointsOption } from './open-points-option.ts';
import { startEmbeddedTarget, type RunningTarget } from '../target/embedded.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { preflight } from '../target/preflight.ts';
import { applyExpectations } from '../expectations/apply.ts';
import { loadExpectations } from '../expectations/file.ts';
import { collectChecks, type IndexedCheck } from '../harness/check-index.ts';
import { wasNotRun, withNotRun, type Stopped } from '../report/not-run.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../http/client.ts';
import { ledgerFile, LedgerWriter, readLedger, removeLedger } from '../resources/ledger.ts';
import { newRunId } from '../resources/run-id.ts';
import { readRunRequest } from '../selftest/run-request.ts';
import { accountClients, cleanupCommandLine, sweepLedgerFile } from './cleanup.ts';
import { formatDuration, parseDuration, parseSize } from './quantities.ts';
import { DEFAULT_SETTLE_MS, patienceOf } from '../harness/patience.ts';
import { DEFAULT_PROPERTY_RUNS, DEFAULT_TIMEOUT_MS } from '../harness/run-defaults.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_DEADLINE_MS, EXPECTATIONS_ENV, RUN_COMMAND } from './run-spec.ts';
import { runPlan } from './run-plan.ts';
import { parseShard, shardFiles } from './shard.ts';
import { defaultWorkers, thisMachine } from './workers.ts';
import { isSmokeCheck, SMOKE_FILES } from '../harness/smoke.ts';
import { RunStop, signalExitCode, type StopReason } from './run-stop.ts';
import { parseCommand, positiveInteger, type CommandArgs } from './command-line.ts';
import { redactProcessOutput } from './redacting-output.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { checkFiles, requirementIds } from './selection.ts';
import { targetFlags } from './target-options.ts';
import { checkFilesOptions } from '../harness/vitest-options.ts';

/** How long requests in flight at a stop get to be answered, so their resources are known by id. */
const STOP_GRACE_MS = 10_000;

/** `--seed N` (a whole number from 0 to 2^31-1), or a fresh random seed. */
function runSeed(text: string | undefined): number {
  if (text === undefined) return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(text);
  if (!/^\d+$/.test(text) || seed >= 2 ** 31)
    throw new ConfigError(`option --seed takes a whole number from 0 to 2147483647, got "${text}"`);
  return seed;
}

/** Options that select part of the suite: a certificate rests on all of it. */
const SELECTION_OPTIONS = ['only', 'requirement', 'shard'] as const;

function durationOption(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const ms = parseDuration(text);
  if (ms === undefined)
    throw new ConfigError(`option --${name} takes a duration such as 30m, 90s or 1h30m, got "${text}"`);
  return ms;
}

const PROFILES = ['smoke', 'standard', 'deep'] as const;

function profileOption(text: string | undefined): (typeof PROFILES)[number] {
  if (text === undefined) return 'standard';
  const profile = PROFILES.find((name) => name === text);
  if (profile === undefined)
    throw new ConfigError(`option --profile takes ${PROFILES.join(', ')}, got "${text}"`);
  return profile;
}

/** `--rate-limit 5/s` (or `5`): requests per second. */
function rateOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(text.trim());
  const rate = Number(match?.[1]);
  if (match === null || !(rate > 0))
    throw new ConfigError(`option --rate-limit takes requests per second such as 5/s, got "${text}"`);
  return rate;
}

function sizeOption(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const bytes = parseSize(text);
  if (bytes === undefined)
    throw new ConfigError(`option --${name} takes a size such as 8MiB, 512KiB or 1048576, got "${text}"`);
  return bytes;
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

/**
 * Redacts the summary's text, then writes summary.json, scope-matrix.md, index.html and junit.xml
 * from it: every report tells the same verdict.
 */
function writeReports(reportDir: string, summary: Summary, redact: Redactor, withMatrix: boolean): Summary {
  const clean = redactStrings(summary, redact);
  writeSummaryReports(reportDir, clean, withMatrix);
  writeJunit(reportDir, clean);
  return clean;
}

/**
 * Runs the selected check files in one vitest instance (worker threads: they end with this process,
 * so no worker outlives a stopped run) and stops it on the first signal or at the deadline.
 */
async function runChecks(options: Parameters<typeof createVitest>[1], stop: RunStop): Promise<Vitest> {
  const before = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  const vitest = await createVitest('test', options);
  // vitest's logger exits the process on SIGINT/SIGTERM; this run handles them itself (stop, clean
  // up, write the reports), so those listeners go.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.off(signal, listener as () => void);
  stop.whenStopped(() => void vitest.cancelCurrentRun('keyboard-input'));
  if (stop.reason !== undefined) return vitest;
  try {
    await vitest.start([]);
  } catch (error) {
    // A stop can break the run off mid-file; the run goes on to clean up and report.
    if (stop.reason === undefined) throw error;
  }
  return vitest;
}

/** After a stop: waits (bounded) until no create of the run is still waiting for its answer. */
async function awaitCreatesInFlight(file: string): Promise<void> {
  const until = Date.now() + STOP_GRACE_MS;
  while (
    Date.now() < until &&
    readLedger(file).open.some((entry) => !entry.created && entry.id === undefined)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The checks a run selects, from the check index (a stopped run lists those it never finished). */
async function selectedChecks(
  include: readonly string[],
  selection: { requirements?: string[]; smoke?: boolean } | undefined,
): Promise<IndexedCheck[]> {
  const wanted = selection?.requirements === undefined ? undefined : new Set(selection.requirements);
  return (await collectChecks(PROJECT_ROOT, include)).filter(
    (check) =>
      (wanted === undefined || check.requirements.some((id) => wanted.has(id))) &&
      (selection?.smoke !== true || isSmokeCheck(check.id, check.scope)),
  );
}

/** `conformance run`: resolve the target, run every check over it, write the reports, exit 0/1/2. */
export async function runConformance(argv: readonly string[]): Promise<number> {
  const startedAt = new Date();
  const defaultReportDir = join(PROJECT_ROOT, 'reports');
  // Unknown until the command line is read: a run whose flags cannot be read writes no report.
  let reportDir: string | undefined;
  let targetLabel = '(not resolved)';
  let certifying = false;
  // Until the keyring is known, anything shaped like a key or a share token is still hidden.
  let redact: Redactor = makeRedactor([]);
  let running: RunningTarget | undefined;
  let fixtures: FixtureServer | undefined;
  let restoreOutput: (() => void) | undefined;
  let stop: RunStop | undefined;
  // Whether the run got past its checks of flags, keyring, expectations and target (see below).
  let started = false;
  try {
    const args = parseCommand(RUN_COMMAND, argv);
    const options = targetOptions(targetFlags(args), process.env);
    reportDir = options.reportDir;
    certifying = args.flag('certify');
    const envExpectations = process.env[EXPECTATIONS_ENV]?.trim();
    const expectations = args.string('expectations') ?? (envExpectations ? envExpectations : undefined);
    if (certifying) certifyConflicts(args, expectations);
    const selfTest = readRunRequest(process.env);
    const shard = parseShard(args.string('shard'));
    const profile = profileOption(args.string('profile'));
    if (certifying && profile === 'smoke')
      throw new ConfigError('--certify runs every check: it cannot be combined with --profile smoke');
    const selected =
      profile === 'smoke' && args.string('only') === undefined && selfTest?.files === undefined
        ? SMOKE_FILES
        : checkFiles(args.string('only'), selfTest?.files);
    const include = shard === undefined ? selected : shardFiles(PROJECT_ROOT, selected, shard);
    if (include.length === 0)
      throw new ConfigError(
        `--shard ${args.string('shard') ?? ''} selects no check file: there are fewer files than shards`,
      );
    const requirement = args.string('requirement');
    const selection =
      requirement !== undefined || profile === 'smoke'
        ? {
            ...(requirement !== undefined ? { requirements: requirementIds(requirement) } : {}),
            ...(profile === 'smoke' ? { smoke: true } : {}),
          }
        : undefined;
    // deep: ten times the runs of every generated property, unless --runs says how many.
    const propertyRuns = positiveInteger(
      '--runs',
      args.string('runs'),
      profile === 'deep' ? 10 * DEFAULT_PROPERTY_RUNS : DEFAULT_PROPERTY_RUNS,
    );
    const seed = runSeed(args.string('seed'));
    const requestTimeoutMs = positiveInteger('--timeout', args.string('timeout'), DEFAULT_TIMEOUT_MS);
    const deadlineMs = durationOption('deadline', args.string('deadline'), DEFAULT_DEADLINE_MS);
    const settleMs = durationOption('settle', args.string('settle'), DEFAULT_SETTLE_MS);
    const maxBodyBytes = sizeOption('max-body', args.string('max-body'), DEFAULT_MAX_BODY_BYTES);
    const readOnly = args.flag('read-only');
    const concurrency = positiveInteger('--concurrency', args.string('concurrency'), DEFAULT_CONCURRENCY);
    const ratePerSecond = rateOption(args.string('rate-limit'));
    // Parsed now, used once the target is known (its default depends on it): a bad value stops the
    // run before it touches any report.
    const workersFlag = args.string('workers');
    const workersWanted =
      workersFlag === undefined ? undefined : positiveInteger('--workers', workersFlag, 1);
    if (certifying && readOnly)
      throw new ConfigError('--certify runs every check: it cannot be combined with --read-only');
    const resolved = resolveTarget(options);
    const ledgerDir = join(reportDir, 'ledger');
    // Armed from the start: the deadline bounds the whole run, and a Ctrl-C during the preflight
    // still ends in a summary. Until the run has an id there is nothing to clean up.
    let lastWords = () => 'nothing of this run was created yet';
    stop = new RunStop({ deadlineMs, lastWords: () => lastWords() }).arm();

    if (args.flag('dry-run')) {
      // Nothing is sent and nothing is written: the plan comes from the check index alone.
      const checks = await selectedChecks(include, selection);
      const plan = runPlan({
        checks,
        spec: await loadSpec(),
        target: resolved.baseUrl ?? 'the embedded reference',
        readOnly,
        ledgerDir,
      });
      for (const line of plan) console.log(line);
      return checks.length > 0 ? 0 : 2;
    }
    const faults = selfTest?.faults ?? [];
    if (faults.length > 0 && resolved.baseUrl !== undefined) {
      throw new ConfigError('the self-test plants faults in the embedded reference only, not at a base URL');
    }
    const openPoints =
      openPointsOption('reference-open-points', args.string('reference-open-points')) ?? selfTest?.openPoints;
    if (openPoints !== undefined && resolved.baseUrl !== undefined)
      throw new ConfigError(
        '--reference-open-points chooses how the embedded reference decides: not with a base URL',
      );
    // Read before anything starts: a malformed file is exit 2 with one line, never a run it half excuses.
    const knownDeviations = expectations === undefined ? [] : loadExpectations(expectations);
    if (resolved.baseUrl === undefined) {
      console.log(
        `conformance: no base URL given: starting the embedded reference implementation${faults.length > 0 ? ` with faults ${faults.join(', ')}` : ''}${openPoints === undefined || openPoints === 'default' ? '' : ` (open points: ${openPoints})`}`,
      );
      try {
        running = await startEmbeddedTarget({ faults, openPoints });
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
    const target = running;
    targetLabel = target.baseUrl;
    const secrets = keyringSecrets(target.keyring);
    redact = makeRedactor(secrets);
    restoreOutput = redactProcessOutput(redact);
    if (certifying) {
      const missing = certificationPrerequisites(target.keyring);
      if (missing.length > 0) throw new ConfigError(`--certify cannot certify: ${missing.join('; ')}`);
    }
    const spec = await loadSpec();
    const notes = await preflight({
      baseUrl: target.baseUrl,
      keyring: target.keyring,
      spec,
      secrets,
      timeoutMs: requestTimeoutMs,
      maxBodyBytes,
    });
    for (const note of notes) console.log(`conformance: preflight: ${note}`);

    fixtures = await startFixtureServer(options.fixtureHost);
    // Everything a run needs is known good: from here on this run's reports are being made, and no
    // earlier run's file may be read as one of them. Until here a failed start touched nothing.
    clearOwnedReports(reportDir);
    started = true;
    const allureDir = reportPath(reportDir, 'allure-results');
    const exchangeLogDir = reportPath(reportDir, 'exchanges.log.d');
    const runId = newRunId();
    const workers = Math.max(
      1,
      Math.min(workersWanted ?? defaultWorkers(thisMachine(), target.embedded, concurrency), concurrency),
    );
    const ledger = ledgerFile(ledgerDir, runId);
    LedgerWriter.start(ledger, runId, target.baseUrl);
    const provided: ProvidedTarget = {
      baseUrl: target.baseUrl,
      keyring: target.keyring,
      runPrefix: runId,
      fixtureBaseUrl: fixtures.baseUrl,
      fixtureLocalUrl: fixtures.localUrl,
      propertyRuns,
      seed,
      exchangeLogDir,
      requestTimeoutMs,
      maxBodyBytes,
      ledgerFile: ledger,
      readOnly,
      patience: patienceOf(settleMs),
      // Each worker holds its share of the caps; the embedded reference is ours to load.
      ...(target.embedded && args.string('concurrency') === undefined && ratePerSecond === undefined
        ? {}
        : {
            gate: {
              concurrency: Math.max(1, Math.floor(concurrency / workers)),
              ...(ratePerSecond !== undefined ? { ratePerSecond: ratePerSecond / workers } : {}),
            },
          }),
    };
    const cleanupLine = () => cleanupCommandLine(target.baseUrl, runId, options.reportDir, defaultReportDir);
    lastWords = () => `To remove what this run may have left: ${cleanupLine()}`;
    console.log(
      `conformance: checking ${target.baseUrl} (run ${runId}, seed ${seed}: --seed ${seed} replays it; deadline ${formatDuration(deadlineMs)})${certifying ? ' for certification' : ''}${readOnly ? ', read-only: no write is sent' : ''}`,
    );
    const collect = new CollectReporter(PROJECT_ROOT);
    const today = startedAt.toISOString().slice(0, 10);
    // The suite's words on the terminal instead of vitest's: known deviations as expected, an
    // unexpected pass as a failure, one line per area (a live status line only on a terminal).
    const progress = new TerminalProgress({
      root: PROJECT_ROOT,
      judge: (checks) => applyExpectations(checks, knownDeviations, today).checks,
      tty: process.stdout.isTTY === true && process.env.CI === undefined,
      write: (text) => process.stdout.write(text),
      writeError: (text) => process.stderr.write(text),
    });
    const allure = new RedactingAllureReporter(allureDir, redact);
    const vitest = await runChecks(
      {
        // The files share each worker's modules and keep nothing between them but those caches
        // (their fixtures are file-scoped).
        ...checkFilesOptions(PROJECT_ROOT),
        include,
        maxWorkers: workers,
        // vitest's own verdict on an empty run is not ours: a run that executed no check exits 2
        // (exitCodeOf), whatever vitest thinks of it.
        passWithNoTests: true,
        ...(args.flag('bail') ? { bail: 1 } : {}),
        testTimeout: 120_000,
        hookTimeout: 120_000,
        provide: { target: provided, ...(selection ? { selection } : {}) },
        reporters: [
          progress,
          collect,
          // Redacted as written, like every report (src/report/allure-sink.ts says why it is not
          // allure-vitest's own writer).
          allure,
          // On GitHub Actions each failure is also an annotation (redacted like all output).
          ...(process.env.GITHUB_ACTIONS === 'true' ? ['github-actions' as const] : []),
        ],
      },
      stop,
    );
    const stoppedBy: StopReason | undefined = stop.reason;
    if (stoppedBy !== undefined) await awaitCreatesInFlight(ledger);
    await vitest.close();
    const allureProblem = await allure.flush();

    // What the run created and did not delete (a stop, a failed cleanup) goes now, by ledger.
    const left = target.embedded
      ? 0
      : await sweepLedgerFile(
          readLedger(ledger),
          accountClients(target.baseUrl, target.keyring, spec, requestTimeoutMs),
          {
            out: (line) => console.log(`conformance: ${line}`),
            err: (line) => console.error(line),
          },
        );
    // The embedded reference goes with the run, and everything on it.
    if (target.embedded) removeLedger(ledger);

    const stopped: Stopped | undefined =
      stoppedBy === undefined
        ? undefined
        : stoppedBy.kind === 'signal'
          ? { by: stoppedBy.signal }
          : { by: 'deadline', deadline: formatDuration(stoppedBy.deadlineMs) };
    // A stopped run lists every check of its selection: those it never finished as not run.
    const checks =
      stopped === undefined
        ? collect.checks
        : withNotRun(collect.checks, await selectedChecks(include, selection), stopped);
    const cut = checks.filter((check) => wasNotRun(check));
    const executed = checks.filter((check) => check.outcome !== 'skipped').length;
    const applied = applyExpectations(checks, knownDeviations, today);
    const built = buildSummary({
      seed,
      runId,
      ...(shard !== undefined ? { shard } : {}),
      embedded: target.embedded,
      ...(stopped !== undefined ? { stoppedBy: stopped.by } : {}),
      target: target.baseUrl,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      checks: applied.checks,
      warnings: applied.warnings,
      // A run that executed nothing says why in summary.json too, not only on the terminal.
      harnessErrors: [
        ...collect.harnessErrors,
        ...(stoppedBy?.kind === 'deadline'
          ? [
              `the run's deadline (${formatDuration(stoppedBy.deadlineMs)}) passed: ${cut.length} check(s) did not run`,
            ]
          : []),
        ...(executed === 0 && stoppedBy === undefined ? [nothingRanMessage(args, collect.checks)] : []),
        ...(left > 0 ? [`${left} resource(s) of this run could not be removed: ${cleanupLine()}`] : []),
        ...(allureProblem !== undefined ? [allureProblem] : []),
      ],
    });
    const summary = writeReports(reportDir, certifying ? certify(built) : built, redact, true);
    writeHar(exchangeLogDir, reportPath(reportDir, 'exchanges.har'), redact, summary.suiteVersion);
    for (const line of verdictLines(summary)) console.log(line);
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
    if (summary.rateLimitWaits !== undefined)
      console.log(
        `conformance: the target answered 429 with Retry-After ${summary.rateLimitWaits} time(s); each was waited out and the request sent again`,
      );
    for (const warning of summary.warnings ?? []) console.error(`conformance: warning: ${warning}`);
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
    if (stoppedBy?.kind === 'signal') {
      console.error(
        `conformance: interrupted by ${stoppedBy.signal}: the outcomes so far are in ${reportDir}${left > 0 ? '' : '; nothing of this run is left on the target'}`,
      );
    }
    const code = stoppedBy?.kind === 'signal' ? signalExitCode(stoppedBy.signal) : exitCodeOf(summary);
    // The last line: the exit status and why, for a person and for a CI log alike.
    console.log(exitLine(summary, code));
    return code;
  } catch (error) {
    const message = redact(
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`,
    );
    console.error(`conformance: ${message}`);
    // A run that never started leaves an earlier run's reports as they were: its error is on
    // stderr and in the exit status. Where there are none, its summary says why (TARGET.md: "where
    // possible, 2"); it never replaces one.
    if (reportDir === undefined || (!started && hasOwnedReports(reportDir))) return 2;
    try {
      clearOwnedReports(reportDir);
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
    stop?.disarm();
    await fixtures?.close();
    await running?.close();
    restoreOutput?.();
  }
}
