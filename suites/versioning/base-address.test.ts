import { describe, expect } from 'vitest';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';
import type { CallInput } from '../../src/http/client.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';

/** Versioning: the version is carried in the path prefix of the base address, which ends in /api/v1. */

/** Operations that need no resource: each must answer at the base address plus its documented path. */
const UNPARAMETERISED_READS: Readonly<Record<string, CallInput>> = {
  listPersonas: { path: { sessionId: 'conformance' } },
  listVoices: {},
  listPlugins: { path: { userId: 'conformance' } },
  listKnowledgeBases: {},
};
const operations = loadOperationIndexSync();

describe('base address', () => {
  check(
    'versioning.base-address.ends-in-api-v1',
    ['VER-01', 'CONV-04'],
    'the base address ends in /api/v1',
    async ({ target }) => {
      const { pathname } = new URL(target.baseUrl);
      expect(pathname.replace(/\/+$/, ''), `path of the base address ${target.baseUrl}`).toMatch(
        /\/api\/v1$/,
      );
    },
  );
});

for (const [operationId, input] of Object.entries(UNPARAMETERISED_READS)) {
  describe(operations.get(operationId)?.label ?? operationId, () => {
    check(
      `versioning.base-address.${operationId}`,
      ['VER-01', 'CONV-04'],
      'answers 200 at the base address (ending in /api/v1) followed by its documented path',
      async ({ as }) => {
        expectStatus(await as('full').call(operationId, input), 200);
      },
      { operations: [operationId] },
    );
  });
}
