import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryProblem } from '../report/summary-schema.ts';
import type { Summary } from '../report/summary.ts';
import { runCli } from '../testing/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'summary-contract-'));
const real = join(dir, 'real');
const broken = join(dir, 'broken');

beforeAll(async () => {
  // A real run of the embedded reference, as a user starts it.
  const run = await runCli(['run', '--only', 'voices', '--report-dir', real]);
  expect(run.code, run.output).toBe(0);
  // The same summary with one check's status misspelled: a file no build of the suite writes.
  const summary = JSON.parse(readFileSync(join(real, 'summary.json'), 'utf8')) as Summary;
  const [first] = summary.checks;
  if (first === undefined) throw new Error('the run reported no check');
  mkdirSync(broken);
  writeFileSync(
    join(broken, 'summary.json'),
    JSON.stringify({ ...summary, checks: [{ ...first, status: 'pased' }, ...summary.checks.slice(1)] }),
  );
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('summary.json as docs/summary.schema.json writes it down', () => {
  it('a real run writes a summary that matches it, and diff reads it', async () => {
    const summary: unknown = JSON.parse(readFileSync(join(real, 'summary.json'), 'utf8'));
    expect(summaryProblem(summary)).toBeUndefined();
    const diff = await runCli(['diff', real, real]);
    expect(diff.code, diff.output).toBe(0);
  });

  it.each([
    ['diff', [real, broken]],
    ['compare', [broken, real]],
    ['merge', [broken, '--out', join(dir, 'merged')]],
  ])(
    '%s refuses a summary that does not match: one line naming the file and the problem, exit 2',
    async (command, args) => {
      const { code, output } = await runCli([command, ...args]);
      expect(code, output).toBe(2);
      const lines = output.trimEnd().split('\n');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toContain(join(broken, 'summary.json'));
      expect(lines[0]).toMatch(
        /not a conformance summary .*: \/checks\/0\/status \(check [^)]+\): must be "\w+"/,
      );
    },
  );
});
