import { describe, expect, it } from 'vitest';
import type { IndexedCheck } from '../harness/check-index.ts';
import { runList } from './list.ts';

async function list(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runList(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('conformance list', () => {
  it('prints the checks of one area with their requirements and file, and the count', async () => {
    const { code, out } = await list(['--only', 'voices']);
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(/^\d+ check\(s\) in 1 file\(s\)$/);
    expect(
      out.slice(0, -1).every((line) => /^voices\.\S+ {2}\[[A-Z0-9, -]+\] {2}suites\/voices\//.test(line)),
    ).toBe(true);
  }, 60_000);

  it('selects by requirement glob as a run does, as JSON on request', async () => {
    const { code, out } = await list(['--requirement', 'VOICE-1?', '--json']);
    expect(code).toBe(0);
    const checks = JSON.parse(out.join('\n')) as IndexedCheck[];
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(check.requirements.some((id) => /^VOICE-1\d$/.test(id))).toBe(true);
  }, 60_000);

  it('exits 2 when the selection selects no check', async () => {
    const { code, err } = await list(['--only', 'versioning', '--requirement', 'VOICE-12']);
    expect(code).toBe(2);
    expect(err).toEqual(['conformance list: the selection selects no check']);
  }, 60_000);
});
