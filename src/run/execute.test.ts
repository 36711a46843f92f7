import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Vitest } from 'vitest/node';
import type { ProvidedTarget } from '../context/provided.ts';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { LedgerWriter } from '../resources/ledger.ts';
import { loadSpec } from '../spec/openapi.ts';
import { voicesRunPlan } from '../testing/run-plan.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';
import { executeRun } from './execute.ts';
import type { CheckRunOptions } from './vitest-run.ts';

/**
 * A run against a target that outlives it (the reference, served here) whose vitest breaks off
 * after a check created something: what the run created is removed all the same, by its ledger.
 */

const { dir } = scratchFolder('execute-run-');
let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer();
});

afterAll(() => server.close());

async function baseNames(): Promise<string[]> {
  const client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.keyring.keys.full,
    spec: await loadSpec(),
  });
  const json = (await client.call('listKnowledgeBases')).response?.json as { kbs: Array<{ name: string }> };
  return json.kbs.map((kb) => kb.name);
}

describe('a run whose vitest breaks off', () => {
  it('closes vitest, removes what its checks created, and ends in exit 2 with its reports', async () => {
    const reportDir = join(dir, 'broken-off');
    let name = '';
    const events: string[] = [];
    // What a check file does through the run's ledger, then vitest fails (not a stop).
    const open = ({ provide }: CheckRunOptions) => {
      const target = provide?.target as ProvidedTarget;
      const vitest = {
        start: async () => {
          const spec = await loadSpec();
          const observer = new LedgerWriter(target.ledgerFile ?? '', target.keyring);
          const client = new ApiClient({
            baseUrl: target.baseUrl,
            apiKey: target.keyring.keys.full,
            spec,
            observer,
          });
          name = `${target.runPrefix}-base`;
          expect((await client.call('createKnowledgeBase', { body: { name } })).response?.status).toBe(201);
          throw new Error('the pool broke');
        },
        close: () => {
          events.push('closed');
          return Promise.resolve();
        },
        cancelCurrentRun: () => Promise.resolve(),
      };
      return Promise.resolve(vitest as unknown as Vitest);
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { exitCode } = await executeRun(voicesRunPlan(server, reportDir), open);
      expect(exitCode).toBe(2);
      expect(events).toEqual(['closed']);
      expect(await baseNames()).not.toContain(name);
      const printed = logs.mock.calls.map((call) => String(call[0]));
      expect(printed).toContainEqual(
        expect.stringMatching(/^conformance: removed knowledge base \S+ \(account A\) \(run cfrun/),
      );
      expect(errors.mock.calls).toEqual([
        ["conformance: harness error: the check files' run broke off: the pool broke"],
      ]);
      expect(printed.at(-1)).toBe("exit 2: the check files' run broke off: the pool broke");
      const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
        harnessErrors: string[];
      };
      expect(summary.harnessErrors).toEqual(["the check files' run broke off: the pool broke"]);
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  });
});
