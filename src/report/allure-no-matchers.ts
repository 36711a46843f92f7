import { chai } from 'vitest';

/*
 * A setup file of every vitest that runs check files with the Allure reporter, run before
 * allure-vitest's own (allure-sink.ts puts it first): it marks vitest's assertions as already
 * instrumented, so allure-vitest does not wrap every `expect` of a check in an Allure step.
 *
 * Why: a run's checks make thousands of assertions (the account model alone some 2,000), and each
 * wrapped one formatted its values into a step message carried to the main thread and into the
 * check's result file, where the reporter (`reportMatchers: false`) then threw it away. A step
 * "expect(x).toEqual(x)" tells a reader nothing a check's own failure message does not; the run
 * took about 1 CPU-second less without them (README, Speed).
 *
 * The marks are allure-vitest's own guards against instrumenting twice (`Symbol.for` names in its
 * matchers.js). Should a version rename them, assertions are wrapped again, the reports stay as
 * they are (`reportMatchers: false`), and allure-no-matchers.test.ts fails.
 */
Object.defineProperty(chai.Assertion.prototype, Symbol.for('allure.vitest.expectPatched'), { value: true });
Object.defineProperty(chai.expect, Symbol.for('allure.vitest.expectExtendPatched'), { value: true });
