// When V8 compiles a function with its optimizing compiler (TurboFan), tuned for this suite's
// processes. V8 optimizes a function once it has run for a budget of bytecode; a conformance run is
// a few seconds of thousands of functions each run a few hundred times, and V8's threads spent some
// 3 CPU-seconds of a 15 CPU-second full run compiling code that then barely ran. With four times
// the budget, only the code that keeps running is optimized: a full run took 6-12% less CPU and
// the self-test 10% less (README, Speed).
import { setFlagsFromString } from 'node:v8';

/** Node 20's V8, the one measured: another has other tiers and defaults (Maglev), and may not know the flag. */
const MEASURED_V8 = /^11\.3\./;

/** Four times Node 20's default budget (67,584 bytes of bytecode run); more saved nothing further. */
const INTERRUPT_BUDGET = 4 * 67_584;

/**
 * Sets the budget for this process and the worker threads it starts afterwards: V8's flags are the
 * process's. Not on another V8 (an unknown flag prints an error on every start), and not over a
 * budget the person gave node themselves.
 */
export function tuneTierUp(v8Version = process.versions.v8, execArgv = process.execArgv) {
  if (!MEASURED_V8.test(v8Version)) return false;
  if (execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) return false;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  return true;
}
