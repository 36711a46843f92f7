import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createVitest, type SerializedError, type Vitest } from 'vitest/node';
import type { ProvidedTarget } from '../harness/provided.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../http/client.ts';
import type { FaultDefinition } from '../reference/fault-catalog.ts';
import { createReferenceServer } from '../reference/server.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { buildSummary, exitCodeOf, writeSummary } from '../report/summary.ts';
import { newRunId } from '../resources/run-id.ts';
import { startFixtureServer, type FixtureServer } from '../target/fixture-server.ts';
import { DEFAULT_PROPERTY_RUNS, DEFAULT_TIMEOUT_MS } from '../cli/run-spec.ts';
import type { ChildRun } from './child-run.ts';

/**
 * One lane of the self-test: a vitest instance kept for every fault it is given, in this process.
 * A fault's run then costs a reference started with that fault and a run of the files citing its
 * requirement (about a second), not a process that loads vitest and the suite again (about four).
 * The check files share the lane's worker modules (isolate: false), as in a run.
 */
export class FaultLane {
  private constructor(
    private readonly root: string,
    private readonly vitest: Vitest,
    private readonly fixtures: FixtureServer,
  ) {}

  static async open(root: string): Promise<FaultLane> {
    const fixtures = await startFixtureServer('127.0.0.1');
    const vitest = await createVitest('test', {
      config: false,
      root,
      include: ['suites/**/*.test.ts'],
      watch: false,
      pool: 'threads',
      isolate: false,
      // The first failure proves the fault caught; the rest of the files have nothing to add.
      bail: 1,
      passWithNoTests: true,
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // No reporter: each run's results come back from runTestSpecifications.
      reporters: [{}],
    });
    return new FaultLane(root, vitest, fixtures);
  }

  /** The files citing the fault's requirement, against a reference with the fault planted. */
  async run(
    fault: FaultDefinition,
    files: readonly string[],
    reportDir: string,
    timeoutMs: number,
  ): Promise<ChildRun> {
    const startedAt = new Date();
    const reference = await createReferenceServer({ faults: [fault.id] });
    let timedOut = false;
    try {
      const target: ProvidedTarget = {
        baseUrl: reference.baseUrl,
        keyring: reference.keyring,
        runPrefix: newRunId(),
        fixtureBaseUrl: this.fixtures.baseUrl,
        fixtureLocalUrl: this.fixtures.localUrl,
        propertyRuns: DEFAULT_PROPERTY_RUNS,
        seed: Math.floor(Math.random() * 2 ** 31),
        requestTimeoutMs: DEFAULT_TIMEOUT_MS,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      };
      this.vitest.provide('target', target);
      this.vitest.provide('selection', { requirements: [fault.requirement] });
      const specs = files.map((file) =>
        this.vitest.getRootProject().createSpecification(join(this.root, file)),
      );
      const timer = setTimeout(() => {
        timedOut = true;
        void this.vitest.cancelCurrentRun('keyboard-input');
      }, timeoutMs);
      const result = await this.vitest.runTestSpecifications(specs).finally(() => clearTimeout(timer));
      // The results of every file this instance ever ran come back; only this run's count.
      const mine = new Set(specs.map((spec) => spec.moduleId));
      const collect = new CollectReporter(this.root);
      collect.onTestRunEnd(
        result.testModules.filter((module) => mine.has(module.moduleId)),
        result.unhandledErrors as SerializedError[],
      );
      const summary = buildSummary({
        target: reference.baseUrl,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        checks: collect.checks,
        harnessErrors: collect.harnessErrors,
      });
      mkdirSync(reportDir, { recursive: true });
      writeSummary(reportDir, summary);
      return { exitCode: exitCodeOf(summary), timedOut, durationMs: summary.durationMs, summary, reportDir };
    } finally {
      await reference.close();
    }
  }

  async close(): Promise<void> {
    await this.vitest.close();
    await this.fixtures.close();
  }
}
