import { join } from 'node:path';
import { makeRedactor } from '../redact/secrets.ts';
import { DEFAULT_SETTLE_MS } from '../context/patience.ts';
import { DEFAULT_PROPERTY_RUNS, DEFAULT_TIMEOUT_MS } from '../harness/run-defaults.ts';
import { SMOKE_FILES } from '../harness/smoke.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../http/client.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { executeRun } from '../run/execute.ts';
import { endFailedRun, type FailedRun } from '../run/failed-run.ts';
import type { RunPlan } from '../run/plan.ts';
import { parseDuration, parseSize } from '../run/quantities.ts';
import { readRunRequest } from '../selftest/run-request.ts';
import { resolveTarget, targetOptions, type TargetOptions } from '../target/config.ts';
import { ConfigError } from '../target/config-error.ts';
import { parseCommand, positiveInteger, type CommandArgs } from './command-line.ts';
import { openPointsOption } from './open-points-option.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_DEADLINE_MS, EXPECTATIONS_ENV, RUN_COMMAND } from './run-spec.ts';
import { checkFiles, requirementIds } from './selection.ts';
import { parseShard, shardFiles } from './shard.ts';
import { targetFlags } from './target-options.ts';

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
 * The run the flags (and the self-test's request, run-request.ts) describe. Every bad value is a
 * ConfigError, found in the order the options are listed, before anything starts.
 */
function planOf(args: CommandArgs, options: TargetOptions, startedAt: Date): RunPlan {
  const certifying = args.flag('certify');
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
  const requirements = requirement === undefined ? undefined : requirementIds(requirement);
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
  const workersFlag = args.string('workers');
  const workers = workersFlag === undefined ? undefined : positiveInteger('--workers', workersFlag, 1);
  if (certifying && readOnly)
    throw new ConfigError('--certify runs every check: it cannot be combined with --read-only');
  const resolved = resolveTarget(options);
  const openPoints =
    openPointsOption('reference-open-points', args.string('reference-open-points')) ?? selfTest?.openPoints;
  return {
    startedAt,
    target: {
      baseUrl: resolved.baseUrl,
      keyring: resolved.keyring,
      fixtureHost: options.fixtureHost,
      faults: selfTest?.faults ?? [],
      ...(openPoints !== undefined ? { openPoints } : {}),
    },
    selection: {
      include,
      ...(requirements !== undefined ? { requirements } : {}),
      ...(profile === 'smoke' ? { smoke: true } : {}),
      ...(shard !== undefined ? { shard } : {}),
      description: selectionText(args),
    },
    seed,
    propertyRuns,
    limits: {
      requestTimeoutMs,
      deadlineMs,
      settleMs,
      maxBodyBytes,
      concurrency,
      concurrencyGiven: args.string('concurrency') !== undefined,
      ...(ratePerSecond !== undefined ? { ratePerSecond } : {}),
      ...(workers !== undefined ? { workers } : {}),
    },
    readOnly,
    dryRun: args.flag('dry-run'),
    bail: args.flag('bail'),
    certify: certifying,
    ...(expectations !== undefined ? { expectationsFile: expectations } : {}),
    sinks: {
      reportDir: options.reportDir,
      defaultReportDir: join(PROJECT_ROOT, 'reports'),
      liveProgress: process.stdout.isTTY === true && process.env.CI === undefined,
      githubAnnotations: process.env.GITHUB_ACTIONS === 'true',
    },
  };
}

/** `conformance run`: the flags into a run plan, carried out by src/run; exit 0/1/2 (130/143 when interrupted). */
export async function runConformance(argv: readonly string[]): Promise<number> {
  // Until the flags are read a failure writes no report; until the keyring is known, anything
  // shaped like a key or a share token is still hidden.
  const failed: FailedRun = {
    reportDir: undefined,
    startedAt: new Date(),
    target: '(not resolved)',
    certify: false,
    redact: makeRedactor([]),
    started: false,
  };
  let plan: RunPlan;
  try {
    const args = parseCommand(RUN_COMMAND, argv);
    const options = targetOptions(targetFlags(args), process.env);
    failed.reportDir = options.reportDir;
    failed.certify = args.flag('certify');
    plan = planOf(args, options, failed.startedAt);
  } catch (error) {
    return endFailedRun(error, failed);
  }
  return (await executeRun(plan)).exitCode;
}
