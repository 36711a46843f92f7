import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYRING_ROLES } from '../target/keyring-types.ts';
import { runServe } from './serve.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('conformance serve', () => {
  it.each([
    ['--bogus'],
    ['--port'],
    ['--port', 'abc'],
    ['--port', '70000'],
    ['--port=-1'],
    ['--keyring-out'],
    ['--open-points', 'lenient'],
    ['--open-points'],
  ])('bad flags %j → one-line error, exit 2', async (...argv) => {
    const { err, io } = capture();
    expect(await runServe(argv, io)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('\n');
  });

  it('serves the alternative personality when asked, and says so', async () => {
    const stop = new AbortController();
    const { out, io } = capture();
    try {
      const done = runServe(['--open-points', 'alternative'], { ...io, stop: stop.signal });
      await expect.poll(() => out.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      expect(out[0]).toMatch(/listening at http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(open points: alternative\)$/);
      stop.abort();
      expect(await done).toBe(0);
    } finally {
      stop.abort();
    }
  });

  it('serves, writes the keyring, and stops cleanly when told to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'serve-test-'));
    const file = join(dir, 'keyring.json');
    const stop = new AbortController();
    const { out, err, io } = capture();
    try {
      const done = runServe(['--port', '0', `--keyring-out=${file}`], { ...io, stop: stop.signal });
      await expect.poll(() => out.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const baseUrl = /(http:\/\/\S+\/api\/v1)/.exec(out[0] ?? '')?.[1] ?? '';
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      expect(out[1]).toContain(file);

      const keyring = JSON.parse(await readFile(file, 'utf8')) as {
        keys: Record<string, string>;
        accounts: unknown;
      };
      expect(Object.keys(keyring.keys).sort()).toEqual([...KEYRING_ROLES].sort());
      expect((await stat(file)).mode & 0o077).toBe(0);
      const response = await fetch(`${baseUrl}/users/get_voice_clone`, {
        headers: { authorization: `Bearer ${keyring.keys.full}` },
      });
      expect(response.status).toBe(200);
      expect(out.join('\n')).not.toContain(keyring.keys.full);

      stop.abort();
      expect(await done).toBe(0);
      expect(err).toEqual([]);
      await expect(fetch(`${baseUrl}/users/get_voice_clone`)).rejects.toThrow();
    } finally {
      stop.abort();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('replaces a keyring file that others could read with one only its owner can', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'serve-test-'));
    const file = join(dir, 'keyring.json');
    await writeFile(file, '{"keys": {}}\n', { mode: 0o644 });
    // writeFile's mode is taken off by the umask: made 0644 whatever the umask of this process.
    await chmod(file, 0o644);
    const stop = new AbortController();
    const { out, err, io } = capture();
    try {
      const done = runServe(['--keyring-out', file], { ...io, stop: stop.signal });
      await expect.poll(() => out.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const keyring = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, string> };
      expect(Object.keys(keyring.keys).sort()).toEqual([...KEYRING_ROLES].sort());
      // Nothing is left beside it: the keys were written to a temporary file renamed over it.
      expect(await readdir(dir)).toEqual(['keyring.json']);
      stop.abort();
      expect(await done).toBe(0);
      expect(err).toEqual([]);
    } finally {
      stop.abort();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a keyring path that is a directory is a one-line error, exit 2, and leaves nothing behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'serve-test-'));
    const { err, io } = capture();
    try {
      await mkdir(join(dir, 'keys'));
      expect(await runServe(['--keyring-out', join(dir, 'keys')], io)).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toContain('cannot write the keyring');
      expect(await readdir(dir)).toEqual(['keys']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an unwritable keyring path is a one-line error, exit 2', async () => {
    const { err, io } = capture();
    expect(await runServe(['--keyring-out', join(tmpdir(), 'no-such-dir-for-serve', 'k.json')], io)).toBe(2);
    expect(err).toHaveLength(1);
  });
});
