import { chai } from 'vitest';

/*
 * A setup file of every vitest that runs check files with the Allure reporter, run before
 * allure-vitest's own (allure-sink.ts puts it first): it marks vitest's assertions as already
 * instrumented, so allure-vitest does not wrap every `expect` of a check in an Allure step.
 *
 * Why: a run's checks make thousands of assertions (the account model alone some 2,000), and each
 * wrapped one formatted its values into a step message carried to the main thread in the test's
 * meta, for the reporter (`reportMatchers: false`) to throw away. A step "expect(x).toEqual(x)"
 * tells a reader nothing a check's own failure message does not. A full run's allure-results went
 * from 3.2 to 1.9 MB, its largest result from 474 to 19 KB; its CPU time moved less than this
 * machine's noise (README, Speed).
 *
 * The marks are allure-vitest's own guards against instrumenting twice (`Symbol.for` names in its
 * matchers.js). Should a version rename them, assertions are wrapped again, the reports stay as
 * they are (`reportMatchers: false`), and allure-no-matchers.test.ts fails. It needs the setup
 * files run one after the other (`sequence.setupFiles: 'list'`, src/harness/vitest-options.ts).
 */
Object.defineProperty(chai.Assertion.prototype, Symbol.for('allure.vitest.expectPatched'), { value: true });
Object.defineProperty(chai.expect, Symbol.for('allure.vitest.expectExtendPatched'), { value: true });
