import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { distDir, type PoolOptions } from 'vitest/node';
import { LEAN_THREADS, leanThreads, WORKER_YOUNG_GENERATION_MB } from './thread-pool.ts';
import { checkFilesOptions } from './vitest-options.ts';

function poolOptions(): PoolOptions {
  const logger = { outputStream: new PassThrough(), errorStream: new PassThrough() };
  return {
    distPath: distDir,
    project: { vitest: { logger } },
    method: 'run',
    environment: { name: 'node', options: null },
    execArgv: [],
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
});
