import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyExpectations } from '../expectations/apply.ts';
import { mergeSummaries } from '../merge/merge-summaries.ts';
import { ConfigError } from '../target/config-error.ts';
import { certify } from './certification.ts';
import { withNotRun } from './not-run.ts';
import { readRun } from './read-run.ts';
import { summaryProblem } from './summary-schema.ts';
import { buildSummary, writeSummary, type Summary, type SummaryCheck } from './summary.ts';
import { indexedCheck, summaryCheck } from '../testing/summary-checks.ts';

const dir = mkdtempSync(join(tmpdir(), 'summary-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILE = 'suites/voices/v.test.ts';

const check = summaryCheck;
const indexed = (id: string) => indexedCheck(id);

/** Every field the suite can put in a check, through the code that puts it there. */
function everyKindOfCheck(): SummaryCheck[] {
  const reported = [
    check('v.passed', 'passed', { durationMs: 12 }),
    check('v.warned', 'warned', { message: 'should: a warning', rateLimitWaits: 2 }),
    check('v.observed', 'observed', {
      observations: [
        { requirement: 'VOICE-12', value: 'HTTP 200' },
        { requirement: 'VOICE-12', value: 'empty: kept', situation: 'empty' },
      ],
      coverage: [
        { requirement: 'VOICE-12', value: 'create → delete', times: 3 },
        { requirement: 'VOICE-12', value: 'a page moved' },
      ],
    }),
    check('v.failed', 'failed', { message: 'expected HTTP 400, got 200' }),
    check('v.errored', 'errored', { message: 'TypeError: x' }),
    check('v.skipped', 'skipped', { message: 'the keyring has no "other" key' }),
    check('auth.scope.listVoices.voices:view', 'passed', {
      scope: { operationId: 'listVoices', role: 'voices:view', expected: 'allowed' },
    }),
    check('v.known', 'failed', { message: 'known' }),
    check('v.stale', 'passed'),
  ];
  const expectations = applyExpectations(
    reported,
    [
      { entry: 1, check: 'v.known', expect: 'failed', reason: 'fix planned', link: 'https://t.example/1' },
      { entry: 2, check: 'v.stale', expect: 'failed', reason: 'fixed since' },
    ],
    '2026-11-27',
  );
  expect(expectations.checks.map((c) => c.outcome)).toContain('expected');
  expect(expectations.checks.map((c) => c.outcome)).toContain('unexpected-pass');
  const stopped = withNotRun(expectations.checks, [indexed('v.passed'), indexed('v.never')], {
    by: 'deadline',
    deadline: '6s',
  });
  const signalled = withNotRun([], [indexed('v.signalled')], { by: 'SIGINT' });
  return [...stopped, ...signalled];
}

function fullSummary(): Summary {
  return buildSummary({
    seed: 11,
    runId: 'cfrun0mwyvy4vlorg6yytj',
    shard: { index: 1, count: 3 },
    embedded: true,
    stoppedBy: 'deadline',
    target: 'http://127.0.0.1:1/api/v1',
    startedAt: new Date('2026-11-27T10:00:00.000Z'),
    durationMs: 8123,
    checks: everyKindOfCheck(),
    harnessErrors: ["the run's deadline (6s) passed: 1 check(s) did not run"],
    warnings: ['expectations entry 3 (check v.gone) matched no check'],
  });
}

/** A summary as the first build of the suite wrote it: no schemaVersion, six outcomes. */
const BEFORE_SCHEMA_VERSION = {
  target: 'http://127.0.0.1:1/api/v1',
  startedAt: '2026-11-21T10:00:00.000Z',
  durationMs: 10,
  totals: { passed: 1, failed: 0, skipped: 0 },
  outcomes: { passed: 1, failed: 0, warned: 0, observed: 0, skipped: 0, errored: 0 },
  harnessErrors: [],
  checks: [
    {
      id: 'v.a',
      requirements: ['VOICE-12'],
      status: 'passed',
      outcome: 'passed',
      title: 't',
      file: FILE,
      observations: [{ requirement: 'VOICE-12', value: '200' }],
    },
  ],
};

/** Version 1 as written before expectations files: no `expected` or `unexpected-pass` count. */
const BEFORE_EXPECTATIONS = {
  ...BEFORE_SCHEMA_VERSION,
  schemaVersion: 1,
  suiteVersion: { version: '0.1.0', commit: 'a'.repeat(40) },
  seed: 5,
};

/** BEFORE_EXPECTATIONS with its one check changed by `fields`. */
const withFirstCheck = (fields: Record<string, unknown>) => ({
  ...BEFORE_EXPECTATIONS,
  checks: [{ ...BEFORE_SCHEMA_VERSION.checks[0], ...fields }],
});

function writeFile(name: string, value: unknown): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('docs/summary.schema.json', () => {
  it('matches every field the suite writes: expectations, a stop, certification, a scope cell', () => {
    const summary = fullSummary();
    expect(summaryProblem(summary)).toBeUndefined();
    expect(summaryProblem(certify(summary))).toBeUndefined();
    expect(summaryProblem(certify(summary, []))).toBeUndefined();
    expect(summary).toMatchObject({ interrupted: true, rateLimitWaits: 2, embedded: true });
  });

  it('matches a run that could not start, and shards merged into one', () => {
    const failed = buildSummary({
      target: '(not resolved)',
      startedAt: new Date(),
      durationMs: 0,
      checks: [],
      harnessErrors: ['option --runs takes a whole number'],
    });
    expect(summaryProblem(failed)).toBeUndefined();
    const shard = (index: number, checks: SummaryCheck[]) =>
      buildSummary({
        seed: 3,
        shard: { index, count: 2 },
        embedded: true,
        target: `http://127.0.0.1:${index}/api/v1`,
        startedAt: new Date('2026-11-27T10:00:00.000Z'),
        durationMs: 5,
        checks,
        harnessErrors: [],
      });
    const merged = mergeSummaries([
      { path: 'a', summary: shard(1, [check('v.a', 'passed')]) },
      { path: 'b', summary: shard(2, [check('v.b', 'failed', { message: 'no' })]) },
    ]);
    expect(summaryProblem(merged)).toBeUndefined();
  });

  it('still reads what older builds wrote: before schemaVersion, before expectations', () => {
    expect(summaryProblem(BEFORE_SCHEMA_VERSION)).toBeUndefined();
    expect(summaryProblem(BEFORE_EXPECTATIONS)).toBeUndefined();
    expect(readRun(writeFile('old', BEFORE_SCHEMA_VERSION)).checks).toHaveLength(1);
  });

  it.each([
    ['not an object', [], 'top level: must be object'],
    [
      'no target',
      { ...BEFORE_EXPECTATIONS, target: undefined },
      "top level: must have required property 'target'",
    ],
    ['a field of no build', { ...BEFORE_EXPECTATIONS, colour: 'red' }, 'top level: unknown field "colour"'],
    ['a later schemaVersion', { ...BEFORE_EXPECTATIONS, schemaVersion: 2 }, '/schemaVersion: must be 1'],
    [
      'schemaVersion without suiteVersion',
      { ...BEFORE_EXPECTATIONS, suiteVersion: undefined },
      'top level: must have property suiteVersion when property schemaVersion is present',
    ],
    [
      'a start that is no date',
      { ...BEFORE_EXPECTATIONS, startedAt: 'yesterday' },
      '/startedAt: must match format "date-time"',
    ],
    [
      'a check with a field of no build',
      withFirstCheck({ colour: 'red' }),
      '/checks/0 (check v.a): unknown field "colour"',
    ],
    [
      'a status that is not TARGET.md’s',
      withFirstCheck({ status: 'ok' }),
      '/checks/0/status (check v.a): must be "passed" for outcome "passed"',
    ],
    [
      'an outcome of no build',
      withFirstCheck({ outcome: 'great' }),
      '/checks/0/outcome (check v.a): must be one of "passed", "failed", "warned", "observed", "skipped", "errored", "expected", "unexpected-pass"',
    ],
    [
      'a failed outcome with status passed',
      withFirstCheck({ outcome: 'errored' }),
      '/checks/0/status (check v.a): must be "failed" for outcome "errored"',
    ],
    [
      'a check whose id holds a key: named without the key',
      withFirstCheck({ id: 'v.svc_ai_abcdefgh12345678', status: 'ok' }),
      '/checks/0/status (check v.svc_ai_…redacted): must be "passed" for outcome "passed"',
    ],
  ])('refuses %s, naming where', (_, value, problem) => {
    expect(summaryProblem(JSON.parse(JSON.stringify(value)))).toBe(problem);
  });

  it('a summary of ours that does not match is not written: an Error naming the file and the problem', () => {
    const reportDir = join(dir, 'write');
    const broken = { ...fullSummary(), totals: { passed: -1, failed: 0, skipped: 0 } };
    expect(() => writeSummary(reportDir, broken)).toThrow(
      `${join(reportDir, 'summary.json')}: the summary to write does not match docs/summary.schema.json: /totals/passed: must be >= 0`,
    );
    expect(existsSync(join(reportDir, 'summary.json'))).toBe(false);
    expect(writeSummary(reportDir, fullSummary())).toBe(join(reportDir, 'summary.json'));
  });

  it('a file that does not match is a ConfigError naming the file and the first problem', () => {
    const file = writeFile('broken', { ...BEFORE_EXPECTATIONS, totals: { passed: 1, failed: 0 } });
    expect(() => readRun(file)).toThrow(ConfigError);
    expect(() => readRun(file)).toThrow(
      `${file}: not a conformance summary (docs/summary.schema.json): /totals: must have required property 'skipped'`,
    );
  });
});
