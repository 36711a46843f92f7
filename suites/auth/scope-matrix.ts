import { describe } from 'vitest';
import { expectScopeDenied } from '../../src/expect/error-body.ts';
import { expectNotRefusedForScope, expectScopeGateRefusal, refusalCode } from '../../src/expect/refusal.ts';
import { expectRejected } from '../../src/expect/rejection.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { scopeMatrixCells, type ScopeCell } from '../../src/scope/matrix.ts';
import { loadOperationIndexSync, successStatus, type Module } from '../../src/spec/openapi.ts';
import { loadCatalog } from '../../src/spec/requirements.ts';
import { prepareRequest } from '../../src/resources/operation-requests.ts';

/** One cell: the request with the cell's role, judged as src/scope/matrix.ts expects. */
async function runCell(cell: ScopeCell, context: CheckContext): Promise<void> {
  const { operation, access } = cell;
  // The role first: a keyring without it skips the check before anything is created.
  const client = context.as(cell.role);
  const { input, settle, documentedAnswer } = await prepareRequest(
    operation.operationId,
    context.workbench(),
  );
  const exchange = await client.call(operation.operationId, input);
  settle?.(exchange);
  if (access === undefined) {
    // The legacy key, judged by its older allowlist rather than by scopes.
    if (cell.expected === 'route_forbidden') expectScopeGateRefusal(exchange, 'route_forbidden');
    else context.observe('AUTH-19', `legacy key on ${operation.operationId}: ${refusalCode(exchange)}`);
    return;
  }
  switch (access.kind) {
    case 'allowed':
      // Not refused for scope is not enough: a 404 or a 500 is not what an allowed key gets.
      expectNotRefusedForScope(exchange);
      if (documentedAnswer === 'refused') {
        expectRejected(exchange);
        return;
      }
      expectStatus(exchange, successStatus(operation));
      expectSchema(context.spec, exchange);
      return;
    case 'level-too-low':
      expectScopeGateRefusal(exchange, 'scope_denied');
      expectScopeDenied(exchange, {
        module: operation.scope.module,
        required: access.required,
        held: access.held,
      });
      return;
    case 'module-not-held':
      // The document gives no code for a module the key lacks: the status is checked, the code recorded.
      expectStatus(exchange, 403);
      context.observe('AUTH-05', `${cell.role} on ${operation.operationId}: ${refusalCode(exchange)}`);
      return;
  }
}

/**
 * The scope matrix for the operations of some modules: one describe per operation (from
 * spec/openapi.yaml, in its order), one check per cell of src/scope/matrix.ts.
 */
export function describeScopeMatrix(modules: readonly Module[]): void {
  const operations = [...loadOperationIndexSync().values()].filter((op) => modules.includes(op.scope.module));
  const cells = scopeMatrixCells(operations, loadCatalog());
  for (const operation of operations) {
    describe(operation.label, () => {
      for (const cell of cells.filter((c) => c.operation === operation)) {
        check(cell.id, cell.requirements, cell.title, (context) => runCell(cell, context), {
          operations: [operation.operationId],
          scope: { operationId: operation.operationId, role: cell.role, expected: cell.expected },
        });
      }
    });
  }
}
