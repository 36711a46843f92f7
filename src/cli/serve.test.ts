import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
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
  ])('bad flags %j → one-line error, exit 2', async (...argv) => {
    const { err, io } = capture();
    expect(await runServe(argv, io)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('\n');
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

  it('an unwritable keyring path is a one-line error, exit 2', async () => {
    const { err, io } = capture();
    expect(await runServe(['--keyring-out', join(tmpdir(), 'no-such-dir-for-serve', 'k.json')], io)).toBe(2);
    expect(err).toHaveLength(1);
  });
});
