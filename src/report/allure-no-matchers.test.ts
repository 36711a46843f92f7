import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';

const MARKS = pathToFileURL(join(PROJECT_ROOT, 'src', 'report', 'allure-no-matchers.ts')).href;
const MATCHERS = ['toEqual', 'toBe', 'toMatch', 'toHaveLength', 'toContain'];

/**
 * Whether vitest's assertions (and `expect.extend`) are still the same functions after
 * allure-vitest's setup file is imported, with or without the marks first: in a fresh node, since
 * allure-vitest's instrumentation of chai cannot be undone in this thread. Outside a test run the
 * setup file throws at its first hook, after it instrumented chai.
 */
function untouched(withMarks: boolean): { matchers: boolean[]; extend: boolean } {
  const script = `
    const { chai } = await import('vitest');
    const names = ${JSON.stringify(MATCHERS)};
    const method = (name) => Object.getOwnPropertyDescriptor(chai.Assertion.prototype, name)?.value;
    const before = names.map(method);
    const extend = chai.expect.extend;
    ${withMarks ? `await import(${JSON.stringify(MARKS)});` : ''}
    await import('allure-vitest/setup').catch(() => undefined);
    process.stdout.write(JSON.stringify({
      matchers: names.map((name, index) => method(name) === before[index]),
      extend: chai.expect.extend === extend,
    }));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { matchers: boolean[]; extend: boolean };
}

describe('allure-no-matchers', () => {
  it("keeps allure-vitest from wrapping vitest's assertions, which it wraps without the marks", () => {
    const all = MATCHERS.map(() => true);
    // Without the marks allure-vitest replaces them: the probe sees its work.
    expect(untouched(false)).toEqual({ matchers: MATCHERS.map(() => false), extend: false });
    expect(untouched(true)).toEqual({ matchers: all, extend: true });
  });
});
