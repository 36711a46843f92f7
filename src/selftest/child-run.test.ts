import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildRegistry, childEnvironment, runConformanceChild } from './child-run.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'child-run-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('conformance child runs', () => {
  it('never inherit the caller target: every CONFORMANCE_ variable is dropped', () => {
    const env = childEnvironment({
      PATH: '/bin',
      CONFORMANCE_BASE_URL: 'https://staging',
      CONFORMANCE_API_KEY: 'k',
      HOME: '/h',
    });
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', NO_COLOR: '1' });
  });

  it('report the exit status and no summary when the run refuses its flags, keeping its output', async () => {
    const registry = new ChildRegistry();
    const reportDir = join(workDir, 'bad-flag');
    const run = await runConformanceChild({
      root: PROJECT_ROOT,
      args: ['--only', 'voices'],
      request: { faults: ['auth.no-such-fault'] },
      reportDir,
      timeoutMs: 60_000,
      registry,
    });
    expect(run.exitCode).toBe(2);
    expect(run.timedOut).toBe(false);
    expect(run.summary?.harnessErrors.join(' ')).toMatch(/unknown fault id "auth.no-such-fault"/);
    expect(readFileSync(join(reportDir, 'output.log'), 'utf8')).toMatch(/unknown fault id/);
    expect(registry.size).toBe(0);
  });

  it('end a run that outlives its time limit, with its whole process group', async () => {
    const registry = new ChildRegistry();
    const run = await runConformanceChild({
      root: PROJECT_ROOT,
      args: ['--only', 'voices'],
      request: { faults: [] },
      reportDir: join(workDir, 'slow'),
      timeoutMs: 300,
      registry,
    });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBeNull();
    expect(registry.size).toBe(0);
  });
});
