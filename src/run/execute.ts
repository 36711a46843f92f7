import { join } from 'node:path';
import { redactProcessOutput } from '../redact/process-output.ts';
import { loadExpectations, type Expectation } from '../expectations/file.ts';
import { makeRedactor, type Redactor } from '../redact/secrets.ts';
import { certify } from '../report/certification.ts';
import { clearOwnedReports } from '../report/owned-files.ts';
import { exitCodeOf, type Summary } from '../report/summary.ts';
import { ledgerFile, LedgerWriter, readLedger, removeLedger } from '../resources/ledger.ts';
import { newRunId } from '../resources/run-id.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import type { RunningTarget } from '../target/embedded.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { dryRunLines } from './dry-run.ts';
import type { RunPlan } from './plan.ts';
import { PhaseRecorder } from './phases.ts';
import { providedTarget } from './provided-target.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { formatDuration } from './quantities.ts';
import { CheckSinks, exchangeLogDir, printRunEnd, writeExchanges, writeReports } from './sinks.ts';
import { checkReferenceChoices, checkTargetReady, startTarget } from './start.ts';
import { RunStop, signalExitCode } from './stop.ts';
import { accountClients, awaitCreatesInFlight, cleanupCommandLine, sweepLedgerFile } from './sweep.ts';
import { openCheckVitest, runChecks, type OpenVitest } from './vitest-run.ts';
import { gateOf, workersOf } from './workers.ts';
import { endFailedRun, type FailedRun } from './failed-run.ts';
import { selectedChecks, summarizeRun, todayOf } from './summarize.ts';

/** What a run ends with: its exit status, and its summary when it got as far as writing one. */
export interface RunResult {
  exitCode: number;
  summary?: Summary;
}

/** `--dry-run`: nothing is sent and nothing is written; the plan comes from the check index alone. */
async function printDryRun(plan: RunPlan): Promise<number> {
  const checks = await selectedChecks(plan.selection);
  const lines = dryRunLines({
    checks,
    spec: await loadSpec(),
    target: plan.target.baseUrl ?? 'the embedded reference',
    readOnly: plan.readOnly,
    ledgerDir: join(plan.sinks.reportDir, 'ledger'),
  });
  for (const line of lines) console.log(line);
  return checks.length > 0 ? 0 : 2;
}

/** What the checks of a started run need besides the plan. */
interface Started {
  target: RunningTarget;
  spec: Spec;
  fixtures: FixtureServer;
  redact: Redactor;
  knownDeviations: readonly Expectation[];
  stop: RunStop;
  /** Set once the run has an id: what a second Ctrl-C prints. */
  setLastWords: (words: () => string) => void;
  phases: PhaseRecorder;
  openVitest: OpenVitest;
}

/** Runs the selected checks on a started target, cleans up by ledger, writes every report. */
async function runStarted(plan: RunPlan, run: Started): Promise<RunResult> {
  const { target, redact, stop, phases } = run;
  const { reportDir } = plan.sinks;
  const runId = newRunId();
  const workers = workersOf(plan.limits, target.embedded);
  const ledger = ledgerFile(join(reportDir, 'ledger'), runId);
  const gate = gateOf(plan.limits, target.embedded, workers);
  const provided = providedTarget(
    {
      baseUrl: target.baseUrl,
      keyring: target.keyring,
      runId,
      fixtures: run.fixtures,
      seed: plan.seed,
      propertyRuns: plan.propertyRuns,
      requestTimeoutMs: plan.limits.requestTimeoutMs,
      maxBodyBytes: plan.limits.maxBodyBytes,
      settleMs: plan.limits.settleMs,
    },
    {
      ledgerFile: ledger,
      readOnly: plan.readOnly,
      exchangeLogDir: exchangeLogDir(reportDir),
      ...(gate ? { gate } : {}),
    },
  );
  const cleanupLine = () => cleanupCommandLine(target.baseUrl, runId, reportDir, plan.sinks.defaultReportDir);
  run.setLastWords(() => `To remove what this run may have left: ${cleanupLine()}`);
  console.log(
    `conformance: checking ${target.baseUrl} (run ${runId}, seed ${plan.seed}: --seed ${plan.seed} replays it; deadline ${formatDuration(plan.limits.deadlineMs)})${plan.certify ? ' for certification' : ''}${plan.readOnly ? ', read-only: no write is sent' : ''}`,
  );
  const sinks = new CheckSinks(plan.sinks, redact, run.knownDeviations, todayOf(plan));
  const { requirements, smoke } = plan.selection;
  const selection =
    requirements !== undefined || smoke === true
      ? { ...(requirements !== undefined ? { requirements } : {}), ...(smoke === true ? { smoke } : {}) }
      : undefined;
  // From the ledger's first line on, the run may create resources on the target: every way on from
  // here, a stop and a harness error included, closes vitest and sweeps by the ledger.
  LedgerWriter.start(ledger, runId, target.baseUrl);
  const brokenOff = await runChecks(
    {
      include: plan.selection.include,
      maxWorkers: workers,
      ...(plan.bail ? { bail: 1 } : {}),
      provide: { target: provided, ...(selection ? { selection } : {}) },
      reporters: [...sinks.reporters, ...phases.reporters()],
      ...(phases.enabled ? { measure: true } : {}),
    },
    stop,
    phases,
    () => awaitCreatesInFlight(ledger),
    run.openVitest,
  );
  const stoppedBy = stop.reason;
  const allureProblem = await phases.time('reports: Allure (what was left)', () => sinks.flush());

  // What the run created and did not delete (a stop, a failed cleanup) goes now, by ledger.
  const left = target.embedded
    ? 0
    : await phases.time('sweep by ledger', () =>
        sweepLedgerFile(
          readLedger(ledger),
          accountClients(target.baseUrl, target.keyring, run.spec, plan.limits.requestTimeoutMs),
          { out: (line) => console.log(`conformance: ${line}`), err: (line) => console.error(line) },
        ),
      );
  // The embedded reference goes with the run, and everything on it.
  if (target.embedded) removeLedger(ledger);

  const built = await phases.time('reports: summary built', () =>
    summarizeRun(plan, {
      runId,
      target,
      collected: sinks.collect,
      stoppedBy,
      ...(brokenOff !== undefined ? { brokenOff: brokenOff.message } : {}),
      knownDeviations: run.knownDeviations,
      problems: [
        ...(left > 0 ? [`${left} resource(s) of this run could not be removed: ${cleanupLine()}`] : []),
        ...(allureProblem !== undefined ? [allureProblem] : []),
      ],
    }),
  );
  const summary = writeReports(reportDir, plan.certify ? certify(built) : built, redact, true, phases);
  phases.timeSync('reports: HAR', () => writeExchanges(reportDir, summary, redact));
  const interruptedBy = stoppedBy?.kind === 'signal' ? stoppedBy.signal : undefined;
  const exitCode = interruptedBy !== undefined ? signalExitCode(interruptedBy) : exitCodeOf(summary);
  printRunEnd(
    summary,
    {
      reportDir,
      withExpectations: run.knownDeviations.length > 0,
      left,
      ...(interruptedBy !== undefined ? { interruptedBy } : {}),
    },
    exitCode,
  );
  return { exitCode, summary };
}

/**
 * Carries out a run: starts its target (the embedded reference unless a base URL is given), checks
 * it is ready, runs the selected checks, removes what they created, and writes every report,
 * redacted as written. Ctrl-C, SIGTERM and the deadline stop it with the reports still written.
 * Never throws: a run that cannot be carried out is one line and exit status 2. `openVitest`: a
 * test's stand-in for the vitest instance that runs the check files.
 */
export async function executeRun(
  plan: RunPlan,
  openVitest: OpenVitest = openCheckVitest,
): Promise<RunResult> {
  const failed: FailedRun = {
    reportDir: plan.sinks.reportDir,
    startedAt: plan.startedAt,
    target: '(not resolved)',
    certify: plan.certify,
    // Until the keyring is known, anything shaped like a key or a share token is still hidden.
    redact: makeRedactor([]),
    started: false,
  };
  // Armed from the start: the deadline bounds the whole run, and a Ctrl-C during the preflight
  // still ends in a summary. Until the run has an id there is nothing to clean up.
  let lastWords = () => 'nothing of this run was created yet';
  const stop = new RunStop({ deadlineMs: plan.limits.deadlineMs, lastWords: () => lastWords() }).arm();
  let running: RunningTarget | undefined;
  let fixtures: FixtureServer | undefined;
  let restoreOutput: (() => void) | undefined;
  const phases = PhaseRecorder.fromEnv(PROJECT_ROOT);
  phases.sinceStart('CLI start');
  try {
    if (plan.dryRun) return { exitCode: await printDryRun(plan) };
    checkReferenceChoices(plan.target);
    // Read before anything starts: a malformed file is exit 2 with one line, never a run it half excuses.
    const knownDeviations =
      plan.expectationsFile === undefined ? [] : loadExpectations(plan.expectationsFile);
    running = await phases.time('reference start', () => startTarget(plan.target));
    failed.target = running.baseUrl;
    failed.redact = makeRedactor(keyringSecrets(running.keyring));
    restoreOutput = redactProcessOutput(failed.redact);
    const target = running;
    const spec = await phases.time('spec load', () => loadSpec());
    await phases.time('preflight', () => checkTargetReady(plan, target, spec));
    fixtures = await phases.time('fixture server start', () => startFixtureServer(plan.target.fixtureHost));
    // Everything a run needs is known good: from here on this run's reports are being made, and no
    // earlier run's file may be read as one of them. Until here a failed start touched nothing.
    clearOwnedReports(plan.sinks.reportDir);
    failed.started = true;
    return await runStarted(plan, {
      target: running,
      spec,
      fixtures,
      redact: failed.redact,
      knownDeviations,
      stop,
      setLastWords: (words) => {
        lastWords = words;
      },
      phases,
      openVitest,
    });
  } catch (error) {
    return { exitCode: endFailedRun(error, failed) };
  } finally {
    stop.disarm();
    await phases.time('close: fixture server, reference', async () => {
      await fixtures?.close();
      await running?.close();
    });
    restoreOutput?.();
    // A run that did not start writes no report: nor this one. Only the bench reads it, and says
    // so when it is missing: a failed write must not change a finished run's exit status.
    if (failed.started) {
      try {
        phases.write(plan.sinks.reportDir);
      } catch {
        // The bench reports "the run wrote no readable phases.json".
      }
    }
  }
}
