import { expect } from 'vitest';
import { ApiClient } from '../http/client.ts';
import type { ReferenceServer } from '../reference/server.ts';
import { findLeftovers, prefixPattern } from '../resources/leftovers.ts';
import { loadSpec } from '../spec/openapi.ts';

/**
 * What carries a run's id on either account of a served reference, found by listing as a person
 * would: `kind label` each. Every listing must be read.
 */
export async function leftOnTarget(
  server: Pick<ReferenceServer, 'baseUrl' | 'keyring'>,
  runId: string,
): Promise<string[]> {
  const spec = await loadSpec();
  const found: string[] = [];
  for (const role of ['full', 'other'] as const) {
    const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: server.keyring.keys[role], spec });
    const scan = await findLeftovers(client, prefixPattern(runId));
    expect(scan.problems).toEqual([]);
    found.push(...scan.found.map((leftover) => `${leftover.kind} ${leftover.label}`));
  }
  return found;
}
