import { getGlobalTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import { afterAll, chai, describe, expect, it } from 'vitest';

// Loaded in the order a run's workers load them: the marks, then allure-vitest's setup file,
// which instruments vitest's assertions on import unless they carry the marks.
const runtimeBefore = getGlobalTestRuntime();
await import('./allure-no-matchers.ts');
await import('allure-vitest/setup');
// The setup file installs its own Allure runtime for this file: the thread's other files keep theirs.
afterAll(() => setGlobalTestRuntime(runtimeBefore));

const WRAPPED = Symbol.for('allure.vitest.expectWrapped');

function wrapped(name: string): boolean {
  const method: unknown = Object.getOwnPropertyDescriptor(chai.Assertion.prototype, name)?.value;
  return typeof method === 'function' && WRAPPED in method;
}

describe('allure-no-matchers', () => {
  it("keeps allure-vitest from wrapping vitest's assertions in Allure steps", () => {
    for (const name of ['toEqual', 'toBe', 'toMatch', 'toHaveLength', 'toContain'])
      expect(wrapped(name), name).toBe(false);
  });
});
