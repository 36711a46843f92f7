import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { distDir, type PoolOptions } from 'vitest/node';
import { LEAN_THREADS, leanThreads, WORKER_YOUNG_GENERATION_MB } from './thread-pool.ts';
import { checkFilesOptions } from './vitest-options.ts';

function poolOptions(execArgv: string[] = []): PoolOptions {
  const logger = { outputStream: new PassThrough(), errorStream: new PassThrough() };
  return {
    distPath: distDir,
    project: { vitest: { logger } },
    method: 'run',
    environment: { name: 'node', options: null },
    execArgv,
    env: {},
  } as unknown as PoolOptions;
}

describe('leanThreads', () => {
  it('is the pool of every run of the check files', () => {
    expect(checkFilesOptions('/project').pool).toMatchObject({ name: LEAN_THREADS });
  });

  it("starts vitest's thread with its young generation capped, and stops it", async () => {
    const worker = leanThreads().createPoolWorker(poolOptions()) as ReturnType<
      ReturnType<typeof leanThreads>['createPoolWorker']
    > & { resourceLimits: { maxYoungGenerationSizeMb?: number } };
    await worker.start();
    const online = new Promise((done) => worker.on('online', done));
    await online;
    expect(worker.resourceLimits.maxYoungGenerationSizeMb).toBe(WORKER_YOUNG_GENERATION_MB);
    await worker.stop();
    expect(worker.resourceLimits).toEqual({});
    expect(() => worker.send({} as never)).toThrow('stopped or never started');
  });

  it('lets vitest take its listeners off and stop a thread whose start failed, and says so for the rest', async () => {
    // A flag of the main process's that a worker refuses (vitest passes on --cpu-prof-dir without its value).
    const worker = leanThreads().createPoolWorker(poolOptions(['--cpu-prof-dir']));
    expect(() => worker.start()).toThrow(/execArgv/);
    const listener = () => undefined;
    expect(() => worker.off('exit', listener)).not.toThrow();
    await expect(worker.stop()).resolves.toBeUndefined();
    expect(() => worker.on('message', listener)).toThrow('stopped or never started');
    expect(() => worker.send({} as never)).toThrow('stopped or never started');
  });
});
