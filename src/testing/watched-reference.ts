import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { startProxy, type ProxyHooks } from './proxy.ts';

/** A reference behind a proxy that watches the wire, for tests that run the suite against it. */
export interface WatchedReference {
  server: ReferenceServer;
  /** The reference's base URL through the proxy. */
  baseUrl: string;
  /** A temporary folder of the test's own (reports and the keyring file); `close` removes it. */
  dir: string;
  /** The reference's keyring, written in `dir` with mode 0600 as a user keeps one. */
  keyringFile: string;
  close(): Promise<void>;
}

/** Starts the reference and a proxy with `hooks` in front of it; `name` prefixes the temporary folder. */
export async function watchedReference(name: string, hooks: ProxyHooks): Promise<WatchedReference> {
  const server = await createReferenceServer();
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const keyringFile = join(dir, 'keyring.json');
  writeFileSync(keyringFile, JSON.stringify(server.keyring), { mode: 0o600 });
  const proxy = await startProxy(server.baseUrl, hooks);
  return {
    server,
    baseUrl: proxy.baseUrl,
    dir,
    keyringFile,
    close: async () => {
      await proxy.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
