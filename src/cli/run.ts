import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { ProvidedTarget } from '../harness/provided.ts';
import { makeRedactor } from '../http/redact.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { redactReportFiles } from '../report/redact-files.ts';
import { renderScopeMatrix } from '../report/scope-matrix.ts';
import { buildSummary, exitCodeOf, writeSummary } from '../report/summary.ts';
import { resolveTarget, targetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import { UnknownFaultError } from '../reference/faults.ts';
import { startEmbeddedTarget, type RunningTarget } from '../target/embedded.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { assertReachable } from '../target/reachability.ts';
import { parseArgs, positiveInteger, type FlagSpec } from './args.ts';
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
  // For the self-test: plant faults (comma-separated ids) in the embedded reference.
  { name: '--faults', key: 'faults' },
  // For the self-test: run only these check files (comma-separated paths relative to the project).
  { name: '--files', key: 'files' },
  // For the self-test: stop at the first failed check (one failure is enough to catch a fault).
  { name: '--bail', key: 'bail', boolean: true },
];

export const DEFAULT_PROPERTY_RUNS = 20;

function runPrefix(): string {
  // Lower-case letters and digits only: valid in a customPersonaId slug, a plugin title and a base name.
  return `cf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function checkFiles(only: string | undefined, files: string | undefined): string[] {
  if (files !== undefined) {
    const list = files
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f.length > 0);
    if (list.some((f) => !/^suites\/[\w./-]+\.test\.ts$/.test(f) || f.includes('..'))) {
      throw new ConfigError(
        `--files takes check files under suites/ (e.g. suites/voices/voice-catalog.test.ts), got "${files}"`,
      );
    }
    return list;
  }
  if (only === undefined) return ['suites/**/*.test.ts'];
  if (!/^[a-z0-9-]+$/.test(only))
    throw new ConfigError(`--only takes an area name such as "voices", got "${only}"`);
  return [`suites/${only}/**/*.test.ts`];
}

/** `conformance run`: resolve the target, run every check over it, write the reports, exit 0/1/2. */
export async function runConformance(argv: readonly string[]): Promise<number> {
  const startedAt = new Date();
  let reportDir = join(PROJECT_ROOT, 'reports');
  let targetLabel = '(not resolved)';
  let running: RunningTarget | undefined;
  let fixtures: FixtureServer | undefined;
  let restoreOutput: (() => void) | undefined;
  try {
    const args = parseArgs(argv, RUN_FLAGS);
    const options = targetOptions(args.values, process.env);
    reportDir = options.reportDir;
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
    const redact = makeRedactor(keyringSecrets(running.keyring));
    restoreOutput = redactProcessOutput(redact);
    await assertReachable(running.baseUrl);

    fixtures = await startFixtureServer(options.fixtureHost);
    rmSync(join(reportDir, 'allure-results'), { recursive: true, force: true });
    const provided: ProvidedTarget = {
      baseUrl: running.baseUrl,
      keyring: running.keyring,
      runPrefix: runPrefix(),
      fixtureBaseUrl: fixtures.baseUrl,
      fixtureLocalUrl: fixtures.localUrl,
      propertyRuns,
      requestTimeoutMs,
    };
    console.log(`conformance: checking ${running.baseUrl} (run ${provided.runPrefix})`);
    const collect = new CollectReporter(PROJECT_ROOT);
    const vitest = await startVitest('test', [], {
      config: false,
      root: PROJECT_ROOT,
      include,
      watch: false,
      passWithNoTests: true,
      testNamePattern,
      ...(args.booleans.has('bail') ? { bail: 1 } : {}),
      testTimeout: 120_000,
      hookTimeout: 120_000,
      provide: { target: provided },
      reporters: [
        'default',
        collect,
        ['junit', { outputFile: join(reportDir, 'junit.xml') }],
        ['allure-vitest/reporter', { resultsDir: join(reportDir, 'allure-results') }],
      ],
    });
    await vitest.close();

    const summary = buildSummary({
      target: running.baseUrl,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      checks: collect.checks,
      harnessErrors: collect.harnessErrors,
    });
    writeSummary(reportDir, summary);
    writeFileSync(join(reportDir, 'scope-matrix.md'), renderScopeMatrix(summary));
    redactReportFiles(reportDir, redact);
    const { passed, failed, skipped } = summary.totals;
    const { warned, observed, errored } = summary.outcomes;
    // TARGET.md's totals count an errored check as failed; the breakdown says which is which.
    console.log(
      `conformance: ${passed} passed (${warned} with a warning, ${observed} observations), ` +
        `${failed} failed (${errored} of them errored: not a verdict), ${skipped} skipped; reports in ${reportDir}`,
    );
    for (const error of summary.harnessErrors) console.error(`conformance: harness error: ${error}`);
    return exitCodeOf(summary);
  } catch (error) {
    const message =
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`;
    console.error(`conformance: ${message}`);
    try {
      writeSummary(
        reportDir,
        buildSummary({
          target: targetLabel,
          startedAt,
          durationMs: Date.now() - startedAt.getTime(),
          checks: [],
          harnessErrors: [message],
        }),
      );
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
