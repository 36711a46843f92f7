import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  importGroup,
  PHASES_ENV,
  PHASES_FILE,
  PhaseRecorder,
  workerOf,
  type PhasesReport,
} from './phases.ts';

const ROOT = '/project';

describe('importGroup', () => {
  it('names a package, scoped or not, wherever its node_modules is', () => {
    expect(importGroup('/project/node_modules/ajv/dist/core.js', ROOT)).toBe('ajv');
    expect(importGroup('file:///x/node_modules/@faker-js/faker/dist/index.js', ROOT)).toBe('@faker-js/faker');
  });

  it("names the suite's own modules by their directory", () => {
    expect(importGroup('/project/src/http/client.ts', ROOT)).toBe('src/http');
    expect(importGroup('/project/suites/voices/voice-catalog.test.ts', ROOT)).toBe('suites/voices');
    expect(importGroup('/project/src/limiter.ts', ROOT)).toBe('src/limiter.ts');
  });
});

describe('workerOf', () => {
  const first = new Map([
    ['a', 1.5],
    ['b', 2],
    ['d', 0.5],
  ]);

  it('puts a file in the worker whose imports so far its own list extends', () => {
    const other = new Map([['a', 1.25]]);
    expect(workerOf([other, first], new Map([...first, ['c', 3]]))).toBe(1);
  });

  it('lets a setup file, run again for each file, take another time', () => {
    const next = new Map([...first, ['a', 0.25], ['c', 3]]);
    expect(workerOf([new Map([['z', 1]]), first], next)).toBe(1);
  });

  it('starts a new worker when no list is extended time for time', () => {
    expect(workerOf([first], new Map([['a', 1.25]]))).toBe(1);
    expect(workerOf([], first)).toBe(0);
  });
});

describe('PhaseRecorder', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('records nothing and writes nothing unless the bench asks', async () => {
    const phases = PhaseRecorder.fromEnv(ROOT, {});
    dir = mkdtempSync(join(tmpdir(), 'phases-'));
    expect(await phases.time('work', () => 42)).toBe(42);
    expect(phases.timeSync('sync', () => 'done')).toBe('done');
    phases.sinceStart('CLI start');
    expect(phases.reporters()).toEqual([]);
    phases.write(dir);
    expect(existsSync(join(dir, PHASES_FILE))).toBe(false);
  });

  it('writes each phase with its time and memory when asked, a failed one too', async () => {
    const phases = PhaseRecorder.fromEnv(ROOT, { [PHASES_ENV]: '1' });
    dir = mkdtempSync(join(tmpdir(), 'phases-'));
    phases.sinceStart('CLI start');
    await phases.time('spec load', () => new Promise((done) => setTimeout(done, 5)));
    await expect(phases.time('preflight', () => Promise.reject(new Error('unreachable')))).rejects.toThrow(
      'unreachable',
    );
    expect(phases.reporters()).toHaveLength(1);
    phases.write(dir);
    const written = JSON.parse(readFileSync(join(dir, PHASES_FILE), 'utf8')) as PhasesReport;
    expect(written.phases.map((p) => p.name)).toEqual(['CLI start', 'spec load', 'preflight']);
    const [start, spec] = written.phases;
    expect(start!.startMs).toBe(0);
    expect(spec!.endMs - spec!.startMs).toBeGreaterThanOrEqual(4);
    expect(spec!.rssBytes).toBeGreaterThan(0);
    expect(spec!.peakRssBytes).toBeGreaterThanOrEqual(spec!.rssBytes);
    expect(written.files).toEqual([]);
  });
});
