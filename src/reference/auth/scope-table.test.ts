import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOperationIndexSync } from '../../spec/openapi.ts';
import { buildReferenceApp, type ReferenceApp } from '../app.ts';
import { API_PREFIX, toFastifyPath } from '../http/operation-route.ts';
import { FORBIDDEN_ROUTES, UNSCOPED_ROUTES } from './probe-routes.ts';
import { buildScopeTable, routeKey } from './scope-table.ts';

const operations = [...loadOperationIndexSync().values()];

describe('scope table — derived from spec/openapi.yaml x-scope', () => {
  const table = buildScopeTable();

  it('has one entry per spec operation and nothing else', () => {
    expect(operations).toHaveLength(31);
    expect(table.size).toBe(operations.length);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s gets its x-scope as guard entry',
    (_id, op) => {
      expect(table.get(routeKey(op.method, API_PREFIX + toFastifyPath(op.path)))).toEqual(op.scope);
    },
  );

  it('converts OpenAPI templates to Fastify templates', () => {
    expect(toFastifyPath('/kb/{kbId}/personas/{personaId}')).toBe('/kb/:kbId/personas/:personaId');
  });

  it('builds from whatever operations it is given (no second table)', () => {
    const [first] = operations;
    const only = buildScopeTable(
      first ? [{ ...first, scope: { module: 'voices', level: 'manage', destructive: true } }] : [],
    );
    expect([...only.values()]).toEqual([{ module: 'voices', level: 'manage', destructive: true }]);
  });

  it('has no rule for the forbidden or unscoped probe routes', () => {
    for (const route of [...FORBIDDEN_ROUTES, ...UNSCOPED_ROUTES]) {
      expect(table.has(routeKey(route.method, API_PREFIX + route.url))).toBe(false);
    }
  });
});

describe('reference routes — every spec operation is served', () => {
  let reference: ReferenceApp;
  beforeAll(async () => {
    reference = buildReferenceApp();
    await reference.app.ready();
  });
  afterAll(() => reference.app.close());

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s is routed at its spec method and path',
    (_id, op) => {
      expect(reference.app.hasRoute({ method: op.method, url: API_PREFIX + toFastifyPath(op.path) })).toBe(
        true,
      );
    },
  );
});
