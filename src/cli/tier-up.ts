import { setFlagsFromString } from 'node:v8';

/*
 * When V8 compiles a function with its optimizing compiler (TurboFan), tuned for this suite's
 * processes. V8 optimizes a function once it has run a budget of bytecode; a conformance run is a
 * few seconds of thousands of functions each run some hundreds of times, and V8's helper threads
 * spent about 3.5 of a full run's 15 CPU-seconds compiling code that then barely ran. With four
 * times the budget only the code that keeps running is optimized: a full run took 8% less CPU,
 * the self-test's fault runs 10% less (README, Speed). Eight or sixteen times saved nothing more.
 *
 * A flag V8 was not started with has a cost the figures include: Node's built-in modules compiled
 * after it is set no longer come from Node's code cache (its flag hash differs), in this thread and
 * in every worker started later.
 */

/** Node 20's V8, the one measured: another has other tiers and defaults (Maglev), and may not know the flag. */
const MEASURED_V8 = /^11\.3\./;

/** Four times Node 20's default (67,584 bytes of bytecode run). */
const INTERRUPT_BUDGET = 4 * 67_584;

/** A budget given to node itself, in either spelling V8 takes (`--interrupt_budget=N` too). */
const GIVEN_BUDGET = /^--interrupt[-_]budget(=|$)/;

/**
 * Sets the budget for this process and every worker thread it starts afterwards (V8's flags are
 * the process's). Not on another V8 (an unknown flag prints an error in every process that sets
 * it), and not over a budget the person gave node. True when it was set.
 */
export function tuneTierUp(
  v8Version: string = process.versions.v8,
  execArgv: readonly string[] = process.execArgv,
): boolean {
  if (!MEASURED_V8.test(v8Version) || execArgv.some((arg) => GIVEN_BUDGET.test(arg))) return false;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  return true;
}
