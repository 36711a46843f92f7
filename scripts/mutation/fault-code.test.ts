import { describe, expect, it } from 'vitest';
import { faultOnlySpans, isMutable } from './fault-code.ts';
import { spanIncludes, type Span } from './sample.ts';

/** Whether the text `needle` (its first occurrence in `source`) lies in fault-only code. */
function faultOnly(source: string, needle: string): boolean {
  const at = source.indexOf(needle);
  if (at < 0) throw new Error(`no ${needle}`);
  const position = (offset: number) => {
    const before = source.slice(0, offset).split('\n');
    return { line: before.length - 1, column: (before.at(-1) ?? '').length };
  };
  const target: Span = { start: position(at), end: position(at + needle.length) };
  return faultOnlySpans('x.ts', source).some((span) => spanIncludes(span, target));
}

/** Asserts, for each text of `source` named, whether it lies in fault-only code. */
function expectFaultOnly(source: string, expected: Record<string, boolean>): void {
  const found = Object.fromEntries(
    Object.keys(expected).map((needle) => [needle, faultOnly(source, needle)]),
  );
  expect(found).toEqual(expected);
}

describe('isMutable', () => {
  it.each([
    ['src/reference/assistants/create-rules.ts', true],
    ['src/reference/app.ts', true],
    ['src/reference/assistants/faults.ts', false],
    ['src/reference/plugins/write-faults.ts', false],
    ['src/reference/fault-switch.ts', false],
    ['src/reference/fault-catalog.ts', false],
    ['src/reference/knowledge/content-probe-kit.ts', false],
    ['src/reference/knowledge/test-support.ts', false],
    ['src/reference/knowledge/between-rows-probes.ts', false],
    ['src/reference/assistants/create.test.ts', false],
    ['src/reference/testing/harness.ts', false],
    ['src/reference/README.md', false],
    ['src/harness/check.ts', false],
  ])('%s: %s', (file, mutable) => expect(isMutable(file)).toBe(mutable));
});

describe('faultOnlySpans', () => {
  it('covers a fault consultation and the branch it guards, not the correct path', () => {
    const source = [
      'function f(x: string) {',
      "  if (fault('a.one')) return 'faulty';",
      "  if (authFault(faults, 'a.two') && x === 'q') { log('two'); }",
      "  else { log('kept'); }",
      "  if (!httpFault('a.three')) log('correct');",
      "  else log('three');",
      "  return 'correct';",
      '}',
    ].join('\n');
    expectFaultOnly(source, {
      "fault('a.one')": true,
      "'faulty'": true,
      "x === 'q'": true,
      "log('two')": true,
      "log('kept')": false,
      "log('correct')": false,
      "log('three')": true,
      "return 'correct'": false,
    });
  });

  it('covers the fault side of a ?:, and both operands of a && true only with a fault', () => {
    const source = [
      "const code = context.fault('a.x') ? 'forbidden' : 'scope_denied';",
      "const y = ready && knowledgeFault(deps.faults, 'kb.y');",
      "const z = canSee(r) || assistantFault(faults, 'as.z');",
      "const w = !fault('a.w') ? 'right' : 'wrong';",
    ].join('\n');
    expectFaultOnly(source, {
      "'forbidden'": true,
      "'scope_denied'": false,
      ready: true,
      'canSee(r)': false,
      "'right'": false,
      "'wrong'": true,
    });
  });

  it("covers a function that only consults a fault, and the re-crawler's fault hooks", () => {
    const source = [
      'const fault = (id: F) => pluginFault(faults, id);',
      'const keep = (id: F) => ids.has(id);',
      'if (this.options.skipRecrawl?.()) return;',
    ].join('\n');
    expectFaultOnly(source, {
      'pluginFault(faults, id)': true,
      '(id: F) => pluginFault(faults, id)': true,
      'ids.has(id)': false,
      'return;': true,
    });
  });

  it('covers a table of planted-fault rows, not a table of the correct behaviour', () => {
    const source = [
      'const ROWS = [',
      "  { fault: 'auth.x', operationId: 'getPlugin', scope: { level: 'edit' } },",
      "  { fault: 'auth.y', operationId: 'listPlugins' },",
      '];',
      "const TABLE = [{ operationId: 'getPlugin', level: 'view' }];",
    ].join('\n');
    expectFaultOnly(source, {
      "'getPlugin'": true,
      "{ level: 'edit' }": true,
      "{ operationId: 'getPlugin', level: 'view' }": false,
    });
  });
});
