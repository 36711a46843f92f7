import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SerializedError, Vitest } from 'vitest/node';
import type { ProvidedTarget } from '../context/provided.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../http/client.ts';
import type { FaultDefinition } from '../reference/fault-catalog.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { buildSummary, exitCodeOf, writeSummary } from '../report/summary.ts';
import { newRunId } from '../resources/run-id.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { DEFAULT_PROPERTY_RUNS, DEFAULT_TIMEOUT_MS } from '../harness/run-defaults.ts';
import { providedTarget } from '../run/provided-target.ts';
import { openCheckVitest, type OpenVitest } from '../run/vitest-run.ts';
import type { ChildRun } from './child-run.ts';
import type { FaultTarget } from './fault-batch.ts';

/**
 * The reference indexes a write before it answers and re-crawls a page at once, so only a fault
 * whose effect never shows waits out a check's patience: 3 s of it instead of a run's 10 s is
 * still ample on a loaded machine and keeps such faults from dominating the self-test.
 */
const SELF_TEST_SETTLE_MS = 3_000;

/**
 * A fault's seed for its checks' generated properties, from its id: a fault that only a property
 * catches is caught, or survives, the same way on every machine and every run, so the self-test
 * does not flicker. A fault that only some draws catch still deserves a check that catches it on
 * every draw: the survivors of a seed are where to look.
 */
function seedOf(faultId: string): number {
  return createHash('sha1').update(faultId).digest().readUInt32BE(0) >>> 1;
}

/** A fault and the check files citing its requirement (relative to the project). */
export interface FaultPlan {
  fault: FaultDefinition;
  files: string[];
}

/**
 * One lane of the self-test: a vitest instance kept for every batch of faults it is given, in this
 * process. A batch starts one reference per fault and runs, in one vitest run with one worker, each
 * check file once, its checks registered once per fault of the batch whose requirement they cite
 * (FaultTarget, fault-batch.ts), each copy against its fault's reference. The worker's
 * start and imports, about half a second, are then paid once per batch instead of once per fault.
 */
export class FaultLane {
  private constructor(
    private readonly root: string,
    private readonly vitest: Vitest,
    private readonly fixtures: FixtureServer,
  ) {}

  /** `openVitest`: a test's stand-in for the lane's vitest instance. */
  static async open(
    root: string,
    openVitest: OpenVitest = (options) => openCheckVitest(options, root),
  ): Promise<FaultLane> {
    const fixtures = await startFixtureServer('127.0.0.1');
    try {
      const vitest = await openVitest({
        include: ['suites/**/*.test.ts'],
        // The hook that registers each check once per fault of the batch (fault-batch.ts).
        setupFiles: [join(root, 'src', 'selftest', 'fault-batch.ts')],
        // One worker per lane, reused for every file of a batch; the self-test runs a lane per core.
        maxWorkers: 1,
        // No reporter: each run's results come back from runTestSpecifications.
        reporters: [{}],
      });
      return new FaultLane(root, vitest, fixtures);
    } catch (error) {
      // A lane that cannot open leaves nothing behind: its fixture server would keep the process alive.
      await fixtures.close();
      throw error;
    }
  }

  private targetFor(baseUrl: string, keyring: ProvidedTarget['keyring'], seed: number): ProvidedTarget {
    return providedTarget(
      {
        baseUrl,
        keyring,
        runId: newRunId(),
        fixtures: this.fixtures,
        seed,
        propertyRuns: DEFAULT_PROPERTY_RUNS,
        requestTimeoutMs: DEFAULT_TIMEOUT_MS,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
        settleMs: SELF_TEST_SETTLE_MS,
      },
      { shrink: false },
    );
  }

  /**
   * The faults of a batch, each against the checks citing its requirement with that fault planted:
   * one ChildRun per fault, its summary holding only the checks run against that fault.
   */
  async run(
    batch: readonly FaultPlan[],
    reportDirOf: (fault: FaultDefinition) => string,
    timeoutMs: number,
  ): Promise<Map<string, ChildRun>> {
    const startedAt = new Date();
    const references = await Promise.all(
      batch.map(({ fault }) => createReferenceServer({ faults: [fault.id] })),
    );
    let timedOut = false;
    try {
      const faultTargets: FaultTarget[] = batch.map(({ fault, files }, index) => {
        const reference = references[index] as ReferenceServer;
        return {
          fault: fault.id,
          requirement: fault.requirement,
          files: files.map((file) => join(this.root, file)),
          target: this.targetFor(reference.baseUrl, reference.keyring, seedOf(fault.id)),
        };
      });
      this.vitest.provide('target', (faultTargets[0] as FaultTarget).target);
      this.vitest.provide('faultTargets', faultTargets);
      const files = [...new Set(batch.flatMap((plan) => plan.files))].sort();
      const specs = files.map((file) =>
        this.vitest.getRootProject().createSpecification(join(this.root, file)),
      );
      const timer = setTimeout(() => {
        timedOut = true;
        void this.vitest.cancelCurrentRun('keyboard-input');
      }, timeoutMs);
      const result = await this.vitest.runTestSpecifications(specs).finally(() => clearTimeout(timer));
      const durationMs = Date.now() - startedAt.getTime();
      // The results of every file this instance ever ran come back; only this run's count.
      const mine = new Set(specs.map((spec) => spec.moduleId));
      const modules = result.testModules.filter((module) => mine.has(module.moduleId));
      const runs = new Map<string, ChildRun>();
      batch.forEach(({ fault }, index) => {
        const collect = new CollectReporter(
          this.root,
          (testCase) => testCase.meta().check?.fault === fault.id,
        );
        collect.onTestRunEnd(modules, result.unhandledErrors as SerializedError[]);
        const summary = buildSummary({
          target: (references[index] as ReferenceServer).baseUrl,
          startedAt,
          durationMs,
          checks: collect.checks,
          harnessErrors: collect.harnessErrors,
        });
        const reportDir = reportDirOf(fault);
        mkdirSync(reportDir, { recursive: true });
        writeSummary(reportDir, summary);
        // The fault's own time: its checks' (the batch's files ran one after the other).
        const ownMs = summary.checks.reduce((sum, check) => sum + (check.durationMs ?? 0), 0);
        runs.set(fault.id, {
          exitCode: exitCodeOf(summary),
          timedOut,
          durationMs: timedOut ? durationMs : ownMs,
          summary,
          reportDir,
        });
      });
      return runs;
    } finally {
      await Promise.all(references.map((reference) => reference.close()));
    }
  }

  async close(): Promise<void> {
    await this.vitest.close();
    await this.fixtures.close();
  }
}
