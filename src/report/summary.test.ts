import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  buildSummary,
  exitCodeOf,
  SUMMARY_SCHEMA_VERSION,
  writeSummary,
  type SummaryCheck,
} from './summary.ts';

const check = (outcome: SummaryCheck['outcome'], status: SummaryCheck['status']): SummaryCheck => ({
  id: `x.${outcome}`,
  requirements: ['KB-ATTACH-04'],
  status,
  outcome,
  title: 't',
  file: 'suites/x.test.ts',
});

describe('summary.json', () => {
  it('has the shape TARGET.md shows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-summary-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const summary = buildSummary({
      target: 'http://127.0.0.1:1/api/v1',
      startedAt: new Date('2026-11-21T10:00:00.000Z'),
      durationMs: 8123,
      checks: [
        check('passed', 'passed'),
        check('failed', 'failed'),
        check('skipped', 'skipped'),
        check('warned', 'passed'),
      ],
      harnessErrors: [],
    });
    const written = JSON.parse(readFileSync(writeSummary(dir, summary), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written).slice(0, 4)).toEqual(['target', 'startedAt', 'durationMs', 'totals']);
    expect(written.target).toBe('http://127.0.0.1:1/api/v1');
    expect(written.startedAt).toBe('2026-11-21T10:00:00.000Z');
    expect(written.durationMs).toBe(8123);
    expect(written.totals).toEqual({ passed: 2, failed: 1, skipped: 1 });
    expect(written.schemaVersion).toBe(SUMMARY_SCHEMA_VERSION);
    expect((written.suiteVersion as { version: string }).version).toMatch(/^\d+\.\d+\.\d+/);
    const checks = written.checks as Record<string, unknown>[];
    expect(checks).toHaveLength(4);
    for (const c of checks) {
      expect(typeof c.id).toBe('string');
      expect(Array.isArray(c.requirements)).toBe(true);
      expect(['passed', 'failed', 'skipped']).toContain(c.status);
    }
  });

  it('maps outcomes to TARGET.md exit statuses', () => {
    const base = { target: 't', startedAt: new Date(), durationMs: 1, harnessErrors: [] as string[] };
    expect(
      exitCodeOf(buildSummary({ ...base, checks: [check('passed', 'passed'), check('warned', 'passed')] })),
    ).toBe(0);
    expect(
      exitCodeOf(buildSummary({ ...base, checks: [check('failed', 'failed'), check('errored', 'failed')] })),
    ).toBe(1);
    expect(exitCodeOf(buildSummary({ ...base, checks: [check('errored', 'failed')] }))).toBe(2);
    expect(
      exitCodeOf(buildSummary({ ...base, checks: [], harnessErrors: ['suites/x.test.ts: SyntaxError'] })),
    ).toBe(2);
  });

  it('exits 2 when no check executed: testing nothing is no success', () => {
    const base = { target: 't', startedAt: new Date(), durationMs: 1, harnessErrors: [] as string[] };
    expect(exitCodeOf(buildSummary({ ...base, checks: [] }))).toBe(2);
    expect(exitCodeOf(buildSummary({ ...base, checks: [check('skipped', 'skipped')] }))).toBe(2);
    expect(
      exitCodeOf(
        buildSummary({ ...base, checks: [check('skipped', 'skipped'), check('observed', 'passed')] }),
      ),
    ).toBe(0);
  });
});
