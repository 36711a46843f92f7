import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectChecks, filesCiting } from '../harness/check-index.ts';
import { FAULT_CATALOG, faultById, type FaultDefinition } from '../reference/fault-catalog.ts';
import { OPEN_POINTS_NAMES, type OpenPointsName } from '../reference/open-points.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { ChildRegistry, runConformanceChild, type ChildRun } from './child-run.ts';
import { FaultLane, type FaultPlan } from './fault-lane.ts';
import { renderFaultTable } from './fault-table.ts';
import { openLanes } from './lanes.ts';
import { limiter } from '../limiter.ts';
import { failingIds, formatScore, formatVerdict, judgeFault, scoreOf, type FaultVerdict } from './verdict.ts';

/** The whole suite takes about a minute and a half on two cores; a run far beyond that is stuck. */
const UNFAULTED_TIMEOUT_MS = 15 * 60_000;
const BATCH_TIMEOUT_MS = 5 * 60_000;
/** Failures of the unfaulted run listed one per line; the rest are counted. */
const LISTED_FAILURES = 20;

/** What `conformance self-test` was asked (src/cli/self-test-options.ts reads it from the flags). */
export interface SelfTestOptions {
  /** Fault runs at once. */
  jobs: number;
  /** The faults to run, by id; undefined: every fault of the catalog, and the whole suite unfaulted. */
  faults: string[] | undefined;
  keepReports: boolean;
  /** Print the fault catalog as a Markdown table and stop. */
  table: boolean;
}

export interface SelfTestOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: SelfTestOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * Faults per vitest run of a lane: a batch pays for its worker once (its start and imports), but
 * it holds a reference and a copy of the checks per fault, in the worker and in this process, and
 * waits for its slowest fault. On two cores with four lanes the whole self-test took 185 s and
 * 1.36 GB with batches of 40, 178 s and 1.11 GB with 24, 179 s and 0.98 GB with 16, 188 s and
 * 0.97 GB with 10: below 16 the restarts cost more than the smaller batches save.
 */
const MAX_BATCH = 16;

/** The faults in batches: about three per lane (at most MAX_BATCH each), so that lanes finish close together. */
function batchesOf(plans: readonly FaultPlan[], lanes: number): FaultPlan[][] {
  const size = Math.min(MAX_BATCH, Math.max(1, Math.ceil(plans.length / (lanes * 3))));
  const batches: FaultPlan[][] = [];
  for (let start = 0; start < plans.length; start += size) batches.push(plans.slice(start, start + size));
  return batches;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]?.trim() ?? '';
}

/** Step 1's verdict on one personality: the unfaulted reference passes every check it ran. */
function reportUnfaulted(run: ChildRun | undefined, io: SelfTestOutput, openPoints: OpenPointsName): boolean {
  if (run === undefined) {
    io.out('self-test: unfaulted run skipped: no check cites the requirements of the selected faults');
    return true;
  }
  if (run.timedOut) {
    io.err(`self-test: the unfaulted run did not finish within ${seconds(UNFAULTED_TIMEOUT_MS)}`);
    return false;
  }
  const summary = run.summary;
  if (summary === undefined) {
    io.err(`self-test: the unfaulted run wrote no summary (exit status ${String(run.exitCode)})`);
    return false;
  }
  const { passed, failed, warned, observed, skipped, errored } = summary.outcomes;
  io.out(
    `self-test: unfaulted run (open points: ${openPoints}): ${passed + warned + observed} passed, ${failed} failed, ${errored} errored, ${skipped} skipped (${seconds(run.durationMs)})`,
  );
  const failing = summary.checks.filter((check) => check.status === 'failed');
  for (const check of failing.slice(0, LISTED_FAILURES)) {
    io.err(
      `  ${check.outcome.toUpperCase().padEnd(7)}  ${check.id}  (${check.file})  ${firstLine(check.message)}`,
    );
  }
  if (failing.length > LISTED_FAILURES) io.err(`  ... and ${failing.length - LISTED_FAILURES} more`);
  for (const error of summary.harnessErrors) io.err(`  harness error: ${firstLine(error)}`);
  return failing.length === 0 && summary.harnessErrors.length === 0 && run.exitCode === 0;
}

/** The `must` requirements no planted fault violates: no proof yet that their checks can fail. */
function reportUnproven(io: SelfTestOutput): void {
  const proven = new Set(FAULT_CATALOG.map((fault) => fault.requirement));
  const must = loadCatalog().requirements.filter((r) => r.kind === 'must');
  const exempt = must.filter((r) => !proven.has(r.id) && r.noFault !== undefined).length;
  const unproven = must.filter((r) => !proven.has(r.id) && r.noFault === undefined).map((r) => r.id);
  io.out(
    `must requirements: ${must.length - exempt - unproven.length} proven by a fault, ${exempt} where no fault can show a violation (the reason: conformance requirements --must)`,
  );
  if (unproven.length === 0) return;
  io.out(`must requirements without a planted fault or a reason: ${unproven.length}`);
  let line = ' ';
  for (const id of unproven) {
    if (line.length + id.length > 99) {
      io.out(line);
      line = ' ';
    }
    line += ` ${id}`;
  }
  io.out(line);
}

function reportScore(verdicts: readonly FaultVerdict[], io: SelfTestOutput): void {
  io.out(formatScore(scoreOf(verdicts)));
  const survivors = verdicts.filter(
    (verdict): verdict is Extract<FaultVerdict, { caught: false }> => !verdict.caught,
  );
  if (survivors.length === 0) return;
  io.out(
    `survivors (${survivors.length}): add or sharpen a check citing the requirement, never delete the fault`,
  );
  for (const survivor of survivors) {
    io.out(
      `  ${survivor.fault.id}  ${survivor.fault.requirement}  ${survivor.fault.breaks}: ${survivor.reason}`,
    );
  }
}

async function runFaults(
  options: SelfTestOptions,
  workDir: string,
  registry: ChildRegistry,
  io: SelfTestOutput,
): Promise<number> {
  const started = Date.now();
  const faults =
    options.faults?.map((id) => faultById(id)).filter((f): f is FaultDefinition => f !== undefined) ??
    FAULT_CATALOG;
  // Which files cite which requirement, from the checks' own metadata (collected, not run: ~2 s).
  const suite = await collectChecks(PROJECT_ROOT);
  const plans: FaultPlan[] = faults.map((fault) => ({ fault, files: filesCiting(fault.requirement, suite) }));
  const limit = limiter(options.jobs);

  // With --fault, the files those faults select are enough to tell which of their checks pass unfaulted.
  const unfaultedFiles =
    options.faults === undefined ? undefined : [...new Set(plans.flatMap((plan) => plan.files))].sort();
  io.out(
    unfaultedFiles === undefined
      ? 'self-test: step 1: the whole suite against the unfaulted reference, with its open points decided either way'
      : `self-test: step 1: the ${unfaultedFiles.length} check file(s) the selected faults need, against the unfaulted reference, with its open points decided either way`,
  );
  io.out(
    `self-test: step 2: ${plans.length} fault(s), each against the checks citing its requirement; ${options.jobs} run(s) at a time`,
  );
  // The fault runs share a few lanes (a vitest instance each, in this process) beside the
  // unfaulted child runs: each lane takes the next batch of faults as soon as it is free. They open
  // before any child run starts: a lane that cannot open ends the self-test with nothing running.
  const runnable = plans.filter((plan) => plan.files.length > 0);
  const lanes = await openLanes(Math.min(options.jobs, Math.max(1, runnable.length)), () =>
    FaultLane.open(PROJECT_ROOT),
  );
  // The unfaulted runs go first and the fault runs fill the other lanes meanwhile: only their
  // verdicts wait for them. One run per personality (open-points.ts): a check leaning on a point
  // the document leaves open fails on one of them. Fault runs stay on the default personality.
  const unfaultedRun = (openPoints: OpenPointsName) =>
    (unfaultedFiles?.length === 0
      ? Promise.resolve(undefined)
      : limit(() =>
          runConformanceChild({
            root: PROJECT_ROOT,
            args: [],
            request: {
              faults: [],
              ...(unfaultedFiles === undefined ? {} : { files: unfaultedFiles }),
              openPoints,
            },
            reportDir: join(workDir, `unfaulted-${openPoints}`),
            timeoutMs: UNFAULTED_TIMEOUT_MS,
            registry,
          }),
        )
    ).then((run) => ({
      run,
      clean: reportUnfaulted(run, io, openPoints),
      failing: failingIds(run?.summary),
    }));
  const unfaulted = Promise.all(OPEN_POINTS_NAMES.map(unfaultedRun)).then((runs) => ({
    clean: runs.every((run) => run.clean),
    // A check failing on either personality proves nothing about a fault.
    failing: new Set(runs.flatMap((run) => [...run.failing])),
  }));

  const width = Math.max(...plans.map((plan) => plan.fault.id.length));
  let finished = 0;
  const queue = batchesOf(runnable, lanes.length);
  const report = async ({ fault, files }: FaultPlan, run: ChildRun | undefined): Promise<FaultVerdict> => {
    const verdict = judgeFault(fault, files, run, (await unfaulted).failing);
    finished += 1;
    io.out(
      `  [${String(finished).padStart(String(plans.length).length)}/${plans.length}] ${formatVerdict(verdict, width)}`,
    );
    return verdict;
  };
  const pending: Array<Promise<FaultVerdict>> = plans
    .filter((plan) => plan.files.length === 0)
    .map((plan) => report(plan, undefined));
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) {
          const runs = await lane.run(batch, (fault) => join(workDir, 'faults', fault.id), BATCH_TIMEOUT_MS);
          for (const plan of batch) pending.push(report(plan, runs.get(plan.fault.id)));
        }
      }),
    );
  } finally {
    await Promise.all(lanes.map((lane) => lane.close()));
  }
  const verdicts = await Promise.all(pending);
  const { clean } = await unfaulted;

  reportScore(verdicts, io);
  if (options.faults === undefined) reportUnproven(io);
  const allCaught = verdicts.every((verdict) => verdict.caught);
  io.out(
    `self-test: ${clean && allCaught ? 'passed' : 'failed'}${clean ? '' : ' (the unfaulted run is not clean)'} in ${seconds(Date.now() - started)}`,
  );
  return clean && allCaught ? 0 : 1;
}

/**
 * `conformance self-test [--jobs N] [--fault ID[,ID]] [--keep-reports] [--table]`: the suite must
 * pass against the unfaulted reference and fail against each planted fault. Exit 0 when both hold,
 * 1 when not, 2 for bad flags.
 */
export async function selfTest(options: SelfTestOptions, io: SelfTestOutput = CONSOLE): Promise<number> {
  if (options.table) {
    io.out(renderFaultTable());
    return 0;
  }

  const workDir = mkdtempSync(join(tmpdir(), 'conformance-self-test-'));
  const registry = new ChildRegistry();
  const removeWorkDir = () => {
    if (!options.keepReports) rmSync(workDir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    registry.killAll();
    removeWorkDir();
    io.err(`conformance self-test: interrupted (${signal}); its child runs were ended`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await runFaults(options, workDir, registry, io);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    registry.killAll();
    removeWorkDir();
    if (options.keepReports) io.out(`self-test: reports and output of every run kept in ${workDir}`);
  }
}
