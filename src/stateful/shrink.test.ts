import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'conformance-shrink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SummaryCheck {
  id: string;
  status: string;
  message?: string;
}

/** The numbered steps of a model-based failure ("  3. attach base#0 to assistant#0"). */
function stepsOf(message: string): string[] {
  return message.split('\n').filter((line) => /^\s+\d+\.\s/.test(line));
}

describe('the account model against a planted model-level fault', () => {
  // A deleted document's chunks still answered by query once its base was attached a second time:
  // no hand-written check catches it (each attaches once); the model's sequences do.
  // One seed: shrinking is the costly part of this file (a minute for two seeds on two cores).
  it.each([1])(
    'catches kb.query-deleted-after-reattach and shrinks it to at most 6 steps, with the seed to replay (--seed %i)',
    async (seed) => {
      const reportDir = join(dir, `seed-${seed}`);
      const { code } = await runCli(
        ['run', '--only', 'stateful', '--seed', String(seed), '--report-dir', reportDir],
        { CONFORMANCE_SELF_TEST_RUN: JSON.stringify({ faults: ['kb.query-deleted-after-reattach'] }) },
      );
      expect(code).toBe(1);
      const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
        checks: SummaryCheck[];
      };
      const model = summary.checks.find((check) => check.id === 'stateful.account.model');
      expect(model?.status).toBe('failed');
      const message = model?.message ?? '';
      const steps = stepsOf(message);
      expect(steps.length, message).toBeGreaterThan(0);
      expect(steps.length, message).toBeLessThanOrEqual(6);
      expect(message).toContain(`--seed ${seed}`);
      expect(message).toMatch(/curl /);
    },
  );
});
