import { describe, expect, it } from 'vitest';
import { scopeMatrixCells } from '../scope/matrix.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import { isSmokeCheck } from './smoke.ts';

describe('--profile smoke', () => {
  it('takes exactly one allowed scope cell per operation, with a key of its own module', () => {
    const operations = loadOperationIndexSync();
    const cells = scopeMatrixCells(operations.values(), loadCatalog()).filter((cell) =>
      isSmokeCheck(cell.id, {
        operationId: cell.operation.operationId,
        role: cell.role,
        expected: cell.expected,
      }),
    );
    expect(cells.map((cell) => cell.operation.operationId).sort()).toEqual([...operations.keys()].sort());
    for (const cell of cells) expect(cell.expected).toBe('allowed');
  });

  it('takes the bearer-token table, and nothing else outside the matrix', () => {
    expect(isSmokeCheck('auth.bearer.listPersonas.revoked-key', undefined)).toBe(true);
    expect(isSmokeCheck('kb.query.top-k-maximum', undefined)).toBe(false);
    expect(
      isSmokeCheck('auth.scope.listVoices.legacy', {
        operationId: 'listVoices',
        role: 'legacy',
        expected: 'allowed',
      }),
    ).toBe(false);
  });
});
