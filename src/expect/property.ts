import fc from 'fast-check';
import { expect, inject, TestRunner } from 'vitest';
import type { ProvidedTarget } from '../context/provided.ts';
import { ConformanceFailure, HarnessError, SetupError } from './failure.ts';

/** Environment variables that replay one failing run of a property (seed and path as printed). */
export const REPLAY_ENV = { seed: 'CONFORMANCE_PROPERTY_SEED', path: 'CONFORMANCE_PROPERTY_PATH' } as const;

function replayParameters(env: NodeJS.ProcessEnv): { seed?: number; path?: string } {
  const seed = Number(env[REPLAY_ENV.seed]);
  const path = env[REPLAY_ENV.path];
  if (!Number.isInteger(seed)) return {};
  return path !== undefined && path !== '' ? { seed, path } : { seed };
}

/** FNV-1a over the text: a stable 32-bit number. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The test the last property belonged to, and how many properties it has drawn so far. */
let current: { test: string; count: number } | undefined;

/**
 * The seed of this property: derived from the run's seed (`--seed`), the check's name and the
 * property's place within the check, so the same run seed draws the same values in every check,
 * whichever worker runs it. Undefined outside a run (fast-check draws its own).
 */
function derivedSeed(): number | undefined {
  const runSeed = targetOfThisCheck()?.seed;
  if (runSeed === undefined) return undefined;
  // The file and the test's name: the worker's modules serve many files (isolate: false), and a test
  // runs its properties one after the other, so the count starts again with each test.
  const state = expect.getState();
  // Relative to the project (from suites/ on), so a seed replays the same on any machine.
  const file = (state.testPath ?? '').replace(/^.*?(?=suites\/)/, '');
  const test = `${file}:${state.currentTestName ?? ''}`;
  current = current?.test === test ? { test, count: current.count + 1 } : { test, count: 1 };
  return hash32(`${runSeed}:${test}:${current.count}`);
}

/**
 * The target of the check running now: its `target` fixture, which for a copy of the check
 * (src/harness/check-copies.ts, the self-test's faults) is the copy's own, with its own seed; a
 * property's draws against a fault then do not change with the faults sharing its batch. Undefined
 * outside a run.
 */
function targetOfThisCheck(): ProvidedTarget | undefined {
  try {
    const context = TestRunner.getCurrentTest()?.context as { target?: ProvidedTarget } | undefined;
    return context?.target ?? inject('target');
  } catch {
    return undefined;
  }
}

function excerpt(text: string, max = 1500): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Runs a fast-check property `numRuns` times and turns a counterexample into a verdict: the first
 * failure's own message (with its curl line when it carries an exchange), the shrunk
 * counterexample, and the seed and path that replay it (set CONFORMANCE_PROPERTY_SEED and
 * CONFORMANCE_PROPERTY_PATH to those values to run exactly that case again). A run that broke for
 * another reason (network, harness) stays an error, not a verdict.
 */
export async function expectProperty<Ts>(
  property: fc.IAsyncProperty<Ts>,
  options: { numRuns: number },
): Promise<void> {
  const seed = derivedSeed();
  const details = await fc.check(property, {
    numRuns: options.numRuns,
    // ProvidedTarget.shrink says why a run may want the first counterexample rather than the smallest.
    endOnFailure: targetOfThisCheck()?.shrink === false,
    ...(seed !== undefined ? { seed } : {}),
    ...replayParameters(process.env),
  });
  if (!details.failed) return;
  if (details.counterexample === null) {
    throw new HarnessError(
      `property gave up after ${details.numRuns} runs (${details.numSkips} skipped, interrupted: ${details.interrupted})`,
    );
  }
  const replay = `${REPLAY_ENV.seed}=${details.seed} ${REPLAY_ENV.path}=${details.counterexamplePath}`;
  const cause = details.errorInstance;
  const story = `property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s); replay with ${replay}\n  counterexample: ${excerpt(fc.stringify(details.counterexample))}`;
  if (cause instanceof ConformanceFailure)
    throw new ConformanceFailure(`${cause.summary}\n  ${story}`, cause.exchange);
  if (cause instanceof Error && cause.name === 'AssertionError')
    throw new ConformanceFailure(`${cause.message}\n  ${story}`, undefined);
  // A setup step's wrong answer stays one, with its exchange: the check decides whether it is about
  // that operation (then it is its failure) or not (then it is errored), as outside a property.
  if (cause instanceof SetupError) throw new SetupError(`${cause.summary}\n  ${story}`, cause.exchange);
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  throw new HarnessError(`${reason}\n  ${story}`);
}
