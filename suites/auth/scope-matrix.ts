import { describe } from 'vitest';
import { expectScopeDenied } from '../../src/checks/error-body.ts';
import { expectNotRefusedForScope, expectScopeGateRefusal, refusalCode } from '../../src/checks/refusal.ts';
import type { Access } from '../../src/checks/scope-access.ts';
import {
  scopeCheckId,
  scopeMatrixCells,
  scopeRowRequirement,
  type ScopeCell,
} from '../../src/checks/scope-matrix-cases.ts';
import { expectRejected } from '../../src/checks/rejection.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import {
  loadOperationIndexSync,
  successStatus,
  type Level,
  type Module,
  type Operation,
} from '../../src/spec/openapi.ts';
import { loadCatalog } from '../../src/spec/requirements.ts';
import type { Role } from '../../src/target/keyring-types.ts';
import { prepareRequest, workbenchOf } from './operation-requests.ts';

/** The catalog entry defining each level: view reads, edit also writes, manage also deletes, publishes, transfers. */
const LEVEL_REQUIREMENT: Record<Level, string> = { view: 'AUTH-08', edit: 'AUTH-09', manage: 'AUTH-10' };

/** The requirements a cell verifies: the operation's scope row, the capability map, and what its verdict rests on. */
function citations(cell: ScopeCell, scopeRow: string | undefined): string[] {
  const { access, operation, role } = cell;
  const ids = [...(scopeRow ? [scopeRow] : []), 'AUTH-05', 'AUTH-13'];
  switch (access.kind) {
    case 'allowed':
      ids.push(LEVEL_REQUIREMENT[access.required]);
      // The allowed call gets the documented answer to its request: the transfer's is a refusal.
      if (operation.operationId === 'transferOwnership') ids.push('AS-TRANSFER-05');
      if (access.held !== access.required) ids.push('AUTH-11');
      if (operation.scope.module === 'voices' && role === 'preset:assistants-knowledge') ids.push('AUTH-24');
      break;
    case 'level-too-low':
      ids.push(
        LEVEL_REQUIREMENT[access.held],
        LEVEL_REQUIREMENT[access.required],
        'AUTH-06',
        'ERR-10',
        'ERR-02',
        'ERR-01',
      );
      break;
    case 'module-not-held':
      if (operation.scope.module === 'voices' && role.startsWith('assistants:'))
        ids.push('AUTH-23', 'VOICE-15');
      break;
  }
  return [...new Set(ids)];
}

function titleOf(role: Role, access: Access, module: Module): string {
  switch (access.kind) {
    case 'allowed':
      return `a ${role} key (${access.held} on ${module}, ${access.required} needed) gets the documented answer, not a refusal for scope`;
    case 'level-too-low':
      return `a ${role} key is refused with 403 scope_denied naming module ${module}, required ${access.required}, held ${access.held}`;
    case 'module-not-held':
      return `a ${role} key, holding nothing in ${module}, is refused with 403`;
  }
}

async function runCell(cell: ScopeCell, context: CheckContext): Promise<void> {
  const { operation, access } = cell;
  // The role first: a keyring without it skips the check before anything is created.
  const client = context.as(cell.role);
  const { input, settle, documentedAnswer } = await prepareRequest(
    operation.operationId,
    workbenchOf(context),
  );
  const exchange = await client.call(operation.operationId, input);
  settle?.(exchange);
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

/** The legacy key on one operation: every `/kb` route is refused; elsewhere its older allowlist decides (not stated). */
function legacyCheck(operation: Operation): void {
  const knowledgeBaseRoute = operation.path === '/kb' || operation.path.startsWith('/kb/');
  const run = async (context: CheckContext) => {
    const client = context.as('legacy');
    const { input, settle } = await prepareRequest(operation.operationId, workbenchOf(context));
    const exchange = await client.call(operation.operationId, input);
    settle?.(exchange);
    if (knowledgeBaseRoute) expectScopeGateRefusal(exchange, 'route_forbidden');
    else context.observe('AUTH-19', `legacy key on ${operation.operationId}: ${refusalCode(exchange)}`);
  };
  if (knowledgeBaseRoute) {
    check(
      scopeCheckId(operation.operationId, 'legacy'),
      ['AUTH-20', 'ERR-09', 'ERR-01'],
      'a legacy unrestricted key is refused with 403 route_forbidden (its allowlist has no /kb)',
      run,
      { operations: [operation.operationId] },
    );
  } else {
    check(
      scopeCheckId(operation.operationId, 'legacy'),
      ['AUTH-19'],
      'a legacy unrestricted key is judged by its older allowlist: what it gets is recorded',
      run,
      { operations: [operation.operationId] },
    );
  }
}

/**
 * The scope matrix for the operations of some modules: one describe per operation (from
 * spec/openapi.yaml, in its order), one check per role tried, all derived from `x-scope`.
 */
export function describeScopeMatrix(modules: readonly Module[]): void {
  const catalog = loadCatalog();
  const operations = [...loadOperationIndexSync().values()].filter((op) => modules.includes(op.scope.module));
  const cells = scopeMatrixCells(operations);
  for (const operation of operations) {
    const scopeRow = scopeRowRequirement(operation, catalog);
    describe(operation.label, () => {
      for (const cell of cells.filter((c) => c.operation === operation)) {
        check(
          cell.id,
          citations(cell, scopeRow),
          titleOf(cell.role, cell.access, operation.scope.module),
          (context) => runCell(cell, context),
          {
            operations: [operation.operationId],
          },
        );
      }
      legacyCheck(operation);
    });
  }
}
