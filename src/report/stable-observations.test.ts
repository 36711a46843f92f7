import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../cli/diff.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { ChildRegistry, runConformanceChild } from '../selftest/child-run.ts';
import type { Summary } from './summary.ts';

/**
 * Check files whose observations come through every path there is: refusal bodies naming the
 * run's resources (errors), generated bodies (plugins), uploads, transfers, the voice catalog.
 */
const FILES = [
  'suites/errors/assistant-errors.test.ts',
  'suites/errors/plugin-errors.test.ts',
  'suites/errors/knowledge-base-errors.test.ts',
  'suites/plugins/create.test.ts',
  'suites/knowledge-bases/upload.test.ts',
  'suites/assistants/transfer.test.ts',
  'suites/voices/voice-catalog.test.ts',
];

const workDir = mkdtempSync(join(tmpdir(), 'stable-observations-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function observationsOf(summary: Summary | undefined): Map<string, unknown> {
  return new Map((summary?.checks ?? []).map((check) => [check.id, check.observations ?? []]));
}

describe('observations of the embedded reference', () => {
  it('are equal in two runs with different run prefixes and seeds', async () => {
    const registry = new ChildRegistry();
    const [first, second] = await Promise.all(
      ['first', 'second'].map((name) =>
        runConformanceChild({
          root: PROJECT_ROOT,
          args: [],
          request: { faults: [], files: FILES },
          reportDir: join(workDir, name),
          timeoutMs: 240_000,
          registry,
        }),
      ),
    );
    if (!first || !second) throw new Error('two runs expected');
    expect(first.exitCode, 'first run').toBe(0);
    expect(second?.exitCode, 'second run').toBe(0);
    const a = observationsOf(first?.summary);
    const b = observationsOf(second?.summary);
    expect([...a.values()].flat().length, 'observations made').toBeGreaterThan(10);
    expect(first?.summary?.seed).not.toBe(second?.summary?.seed);
    expect(Object.fromEntries(b)).toEqual(Object.fromEntries(a));
    // The same, as `conformance diff` sees it: nothing changed, exit status 0.
    let printed = '';
    expect(runDiff([first.reportDir, second.reportDir], (text) => (printed += text))).toBe(0);
    expect(printed.trimEnd()).toMatch(/nothing changed$/);
  }, 300_000);
});
