import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { ProvidedTarget } from '../harness/provided.ts';
import { makeRedactor, type Redactor } from '../http/redact.ts';
import { certificationPrerequisites, certify } from '../report/certification.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
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
import { parseArgs, positiveInteger, type FlagSpec, type ParsedArgs } from './args.ts';
import { redactProcessOutput } from './redacting-output.ts';
import { requirementTitlePattern } from './requirement-filter.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const TARGET_FLAGS: FlagSpec[] = [
  { name: '--base-url', key: 'baseUrl' },
  { name: '--keyring', key: 'keyringFile' },
  { name: '--api-key', key: 'apiKey' },
  { name: '--fixture-host', key: 'fixtureHost' },
  { name: '--report-dir', key: 'reportDir' },
];

const RUN_FLAGS: FlagSpec[] = [
  ...TARGET_FLAGS,
  { name: '--only', key: 'only' },
  { name: '--requirement', key: 'requirement' },
  { name: '--runs', key: 'runs' },
  { name: '--timeout', key: 'timeout' },
  { name: '--certify', key: 'certify', boolean: true },
  // TARGET.md's known-deviations file: not applied yet, and never admitted by --certify.
  { name: '--expectations', key: 'expectations' },
  // For the self-test: plant faults (comma-separated ids) in the embedded reference.
  { name: '--faults', key: 'faults' },
  // For the self-test: run only these check files (comma-separated paths relative to the project).
  { name: '--files', key: 'files' },
  // For the self-test: stop at the first failed check (one failure is enough to catch a fault).
  { name: '--bail', key: 'bail', boolean: true },
];

/** Flags that select part of the suite: a certificate rests on all of it. */
const SELECTION_FLAGS = ['only', 'files', 'requirement'] as const;

const DEFAULT_PROPERTY_RUNS = 20;
const EXPECTATIONS_ENV = 'CONFORMANCE_EXPECTATIONS';

function runPrefix(): string {
  // Lower-case letters and digits only: valid in a customPersonaId slug, a plugin title and a base name.
  return `cf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function areas(): string[] {
  return readdirSync(join(PROJECT_ROOT, 'suites'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function checkFiles(only: string | undefined, files: string | undefined): string[] {
  if (files !== undefined) {
    const list = files
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f.length > 0);
    if (list.length === 0 || list.some((f) => !/^suites\/[\w./-]+\.test\.ts$/.test(f) || f.includes('..'))) {
      throw new ConfigError(
        `--files takes check files under suites/ (e.g. suites/voices/voice-catalog.test.ts), got "${files}"`,
      );
    }
    const missing = list.filter((f) => !existsSync(join(PROJECT_ROOT, f)));
    if (missing.length > 0) throw new ConfigError(`--files: no check file ${missing.join(', ')}`);
    return list;
  }
  if (only === undefined) return ['suites/**/*.test.ts'];
  if (!/^[a-z0-9-]+$/.test(only))
    throw new ConfigError(`--only takes an area name such as "voices", got "${only}"`);
  const folder = join(PROJECT_ROOT, 'suites', only);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new ConfigError(
      `--only ${only} selects no check: no area suites/${only} (areas: ${areas().join(', ')})`,
    );
  return [`suites/${only}/**/*.test.ts`];
}

/** The selection flags as given, for messages: `--only voices --requirement 'KB-*'`. */
function selectionText(args: ParsedArgs): string {
  const parts = SELECTION_FLAGS.flatMap((key) => {
    const value = args.values[key];
    return value === undefined ? [] : [`--${key} '${value}'`];
  });
  return parts.length > 0 ? parts.join(' ') : 'the whole suite';
}

/** One line saying why a run that executed nothing is no success. */
function nothingRanMessage(args: ParsedArgs, checks: readonly SummaryCheck[]): string {
  if (checks.length === 0) return `no check ran: ${selectionText(args)} selected no check`;
  const reason = checks[0]?.message;
  return `no check ran: all ${checks.length} check(s) that ${selectionText(args)} selected were skipped${reason ? ` (the first: ${reason.split('\n')[0]})` : ''}`;
}

/** --certify admits no partial run and no excuse for a failure. */
function certifyConflicts(args: ParsedArgs, expectations: string | undefined): void {
  const given = SELECTION_FLAGS.filter((key) => args.values[key] !== undefined).map((key) => `--${key}`);
  if (args.booleans.has('bail')) given.push('--bail');
  if (given.length > 0)
    throw new ConfigError(`--certify runs every check: it cannot be combined with ${given.join(', ')}`);
  if (expectations !== undefined)
    throw new ConfigError(
      `--certify admits no expectations file (${EXPECTATIONS_ENV} or --expectations): every failure counts`,
    );
  if (args.values.runs !== undefined && Number(args.values.runs) < DEFAULT_PROPERTY_RUNS)
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
    const args = parseArgs(argv, RUN_FLAGS, 'run');
    const options = targetOptions(args.values, process.env);
    reportDir = options.reportDir;
    certifying = args.booleans.has('certify');
    const envExpectations = process.env[EXPECTATIONS_ENV]?.trim();
    const expectations = args.values.expectations ?? (envExpectations ? envExpectations : undefined);
    if (certifying) certifyConflicts(args, expectations);
    const include = checkFiles(args.values.only, args.values.files);
    const testNamePattern =
      args.values.requirement !== undefined ? requirementTitlePattern(args.values.requirement) : undefined;
    const propertyRuns = positiveInteger('--runs', args.values.runs, DEFAULT_PROPERTY_RUNS);
    const requestTimeoutMs = positiveInteger('--timeout', args.values.timeout, 30_000);
    const resolved = resolveTarget(options);

    const faults =
      args.values.faults
        ?.split(',')
        .map((f) => f.trim())
        .filter((f) => f.length > 0) ?? [];
    if (faults.length > 0 && resolved.baseUrl !== undefined) {
      throw new ConfigError(
        '--faults plants faults in the embedded reference: it cannot be used with a base URL',
      );
    }
    if (expectations !== undefined)
      console.error(
        `conformance: expectations files are not applied yet: ${expectations} is ignored and every failure counts`,
      );
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
    rmSync(allureDir, { recursive: true, force: true });
    rmSync(junitFile, { force: true });
    const provided: ProvidedTarget = {
      baseUrl: running.baseUrl,
      keyring: running.keyring,
      runPrefix: runPrefix(),
      fixtureBaseUrl: fixtures.baseUrl,
      fixtureLocalUrl: fixtures.localUrl,
      propertyRuns,
      requestTimeoutMs,
    };
    console.log(
      `conformance: checking ${running.baseUrl} (run ${provided.runPrefix})${certifying ? ' for certification' : ''}`,
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
      testNamePattern,
      ...(args.booleans.has('bail') ? { bail: 1 } : {}),
      testTimeout: 120_000,
      hookTimeout: 120_000,
      provide: { target: provided },
      reporters: [
        'default',
        collect,
        ['junit', { outputFile: junitFile }],
        ['allure-vitest/reporter', { resultsDir: allureDir }],
      ],
    });
    await vitest.close();

    const executed = collect.checks.filter((check) => check.outcome !== 'skipped').length;
    const built = buildSummary({
      target: running.baseUrl,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      checks: collect.checks,
      // A run that executed nothing says why in summary.json too, not only on the terminal.
      harnessErrors: [
        ...collect.harnessErrors,
        ...(executed === 0 ? [nothingRanMessage(args, collect.checks)] : []),
      ],
    });
    const summary = writeReports(reportDir, certifying ? certify(built) : built, redact, true);
    redactWrittenFiles([junitFile, allureDir], redact);
    const { passed, failed, skipped } = summary.totals;
    const { warned, observed, errored } = summary.outcomes;
    // TARGET.md's totals count an errored check as failed; the breakdown says which is which.
    console.log(
      `conformance: ${passed} passed (${warned} with a warning, ${observed} observations), ` +
        `${failed} failed (${errored} of them errored: not a verdict), ${skipped} skipped; reports in ${reportDir}`,
    );
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
