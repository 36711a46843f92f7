import type { AddressInfo } from 'node:net';
import type { Keyring } from '../target/keyring-types.ts';
import { buildReferenceApp } from './app.ts';
import type { EventLog } from './events.ts';
import { API_PREFIX } from './http/operation-route.ts';
import { openPointsNamed, type OpenPointsName } from './open-points.ts';

export interface ReferenceServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
  /** Planted faults for the self-test, by id. */
  faults?: Iterable<string>;
  /** How the points the document leaves open are decided: `default` (the default) or `alternative`. */
  openPoints?: OpenPointsName;
}

export interface ReferenceServer {
  /** `http://127.0.0.1:PORT/api/v1` */
  baseUrl: string;
  keyring: Keyring;
  events: EventLog;
  close(): Promise<void>;
}

/** How a client reaches the listening socket: wildcard addresses are reached via loopback. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the in-memory reference implementation; state lives until `close()`. */
export async function createReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { app, keyring, state } = buildReferenceApp({
    faults: options.faults,
    openPoints: openPointsNamed(options.openPoints ?? 'default'),
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://${clientHost(host)}:${port}${API_PREFIX}`,
    keyring,
    events: state.events,
    close: () => app.close(),
  };
}
