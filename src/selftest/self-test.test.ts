import { describe, expect, it } from 'vitest';
import { renderFaultTable } from './fault-table.ts';
import { selfTest, type SelfTestOptions, type SelfTestOutput } from './self-test.ts';

function capture(): SelfTestOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

const EVERY_FAULT: SelfTestOptions = { jobs: 1, faults: undefined, keepReports: false, table: false };

describe('conformance self-test', () => {
  it('prints the fault table with --table', async () => {
    const io = capture();
    expect(await selfTest({ ...EVERY_FAULT, table: true }, io)).toBe(0);
    expect(io.lines).toEqual([renderFaultTable()]);
  });

  it('catches two planted auth faults, after their checks pass against the unfaulted reference', async () => {
    const io = capture();
    const status = await selfTest(
      { ...EVERY_FAULT, faults: ['auth.token-scheme-accepted', 'auth.revoked-as-invalid-bearer'], jobs: 2 },
      io,
    );
    const output = [...io.lines, ...io.errors].join('\n');
    expect(status, output).toBe(0);
    expect(output).toMatch(/unfaulted run \(open points: default\): \d+ passed, 0 failed, 0 errored/);
    // Fault runs stop at the first failed check, and files run in parallel: which check is first varies.
    expect(output).toMatch(/caught +auth\.token-scheme-accepted +ERR-04 .* by \S+/);
    expect(output).toMatch(/caught +auth\.revoked-as-invalid-bearer +ERR-05 /);
    expect(io.lines).toContain('mutation score: 2/2 (100.0%)');
  }, 180_000);
});
