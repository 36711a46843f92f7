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
    expect(faultOnly(source, "fault('a.one')")).toBe(true);
    expect(faultOnly(source, "'faulty'")).toBe(true);
    expect(faultOnly(source, "x === 'q'")).toBe(true);
    expect(faultOnly(source, "log('two')")).toBe(true);
    expect(faultOnly(source, "log('kept')")).toBe(false);
    expect(faultOnly(source, "log('correct')")).toBe(false);
    expect(faultOnly(source, "log('three')")).toBe(true);
    expect(faultOnly(source, "return 'correct'")).toBe(false);
  });

  it('covers the fault side of a ?:, and both operands of a && true only with a fault', () => {
    const source = [
      "const code = context.fault('a.x') ? 'forbidden' : 'scope_denied';",
      "const y = ready && knowledgeFault(deps.faults, 'kb.y');",
      "const z = canSee(r) || assistantFault(faults, 'as.z');",
      "const w = !fault('a.w') ? 'right' : 'wrong';",
    ].join('\n');
    expect(faultOnly(source, "'forbidden'")).toBe(true);
    expect(faultOnly(source, "'scope_denied'")).toBe(false);
    expect(faultOnly(source, 'ready')).toBe(true);
    expect(faultOnly(source, 'canSee(r)')).toBe(false);
    expect(faultOnly(source, "'right'")).toBe(false);
    expect(faultOnly(source, "'wrong'")).toBe(true);
  });

  it("covers a function that only consults a fault, and the re-crawler's fault hooks", () => {
    const source = [
      'const fault = (id: F) => pluginFault(faults, id);',
      'const keep = (id: F) => ids.has(id);',
      'if (this.options.skipRecrawl?.()) return;',
    ].join('\n');
    expect(faultOnly(source, 'pluginFault(faults, id)')).toBe(true);
    expect(faultOnly(source, '(id: F) => pluginFault(faults, id)')).toBe(true);
    expect(faultOnly(source, 'ids.has(id)')).toBe(false);
    expect(faultOnly(source, 'return;')).toBe(true);
  });

  it('covers a table of planted-fault rows, not a table of the correct behaviour', () => {
    const source = [
      'const ROWS = [',
      "  { fault: 'auth.x', operationId: 'getPlugin', scope: { level: 'edit' } },",
      "  { fault: 'auth.y', operationId: 'listPlugins' },",
      '];',
      "const TABLE = [{ operationId: 'getPlugin', level: 'view' }];",
    ].join('\n');
    expect(faultOnly(source, "'getPlugin'")).toBe(true);
    expect(faultOnly(source, "{ level: 'edit' }")).toBe(true);
    expect(faultOnly(source, "{ operationId: 'getPlugin', level: 'view' }")).toBe(false);
  });
});
