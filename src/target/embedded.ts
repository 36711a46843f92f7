import type { OpenPointsName } from '../reference/open-points.ts';
import { createReferenceServer } from '../reference/server.ts';
import type { Keyring } from './keyring-types.ts';

export interface RunningTarget {
  baseUrl: string;
  keyring: Keyring;
  /** True when the suite started the embedded reference itself. */
  embedded: boolean;
  close(): Promise<void>;
}

/** With no base URL the suite checks its own reference implementation, started in-process. */
export async function startEmbeddedTarget(
  options: { faults?: Iterable<string>; openPoints?: OpenPointsName } = {},
): Promise<RunningTarget> {
  const server = await createReferenceServer({
    faults: options.faults ?? [],
    openPoints: options.openPoints,
  });
  return { baseUrl: server.baseUrl, keyring: server.keyring, embedded: true, close: () => server.close() };
}
