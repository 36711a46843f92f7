import { describe, expect, it } from 'vitest';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { accessOf, heldScopes } from './scope-access.ts';
import {
  moduleRoles,
  parseScopeCheckId,
  rolesTriedOn,
  scopeCheckId,
  scopeMatrixCells,
  scopeRowRequirement,
} from './scope-matrix-cases.ts';

const operations = [...loadOperationIndexSync().values()];

describe('what each keyring role holds', () => {
  it('follows TARGET.md', () => {
    expect(heldScopes('plugins:edit')).toEqual({ plugins: 'edit' });
    expect(heldScopes('preset:assistants-knowledge')).toEqual({
      assistants: 'manage',
      knowledgeBase: 'manage',
      voices: 'view',
    });
    expect(heldScopes('full')).toEqual({
      assistants: 'manage',
      voices: 'manage',
      plugins: 'manage',
      knowledgeBase: 'manage',
    });
    expect(heldScopes('legacy')).toBeUndefined();
  });

  it('judges levels in order view < edit < manage, and a missing module as not held', () => {
    const scope = { module: 'knowledgeBase', level: 'edit', destructive: false } as const;
    expect(accessOf({ knowledgeBase: 'view' }, scope)).toEqual({
      kind: 'level-too-low',
      held: 'view',
      required: 'edit',
    });
    expect(accessOf({ knowledgeBase: 'edit' }, scope)).toEqual({
      kind: 'allowed',
      held: 'edit',
      required: 'edit',
    });
    expect(accessOf({ knowledgeBase: 'manage' }, scope)).toEqual({
      kind: 'allowed',
      held: 'manage',
      required: 'edit',
    });
    expect(accessOf({ plugins: 'manage' }, scope)).toEqual({ kind: 'module-not-held', required: 'edit' });
  });
});

describe('scope matrix cells', () => {
  const cells = scopeMatrixCells(operations);

  it('try every level of the own module, the strongest key of each other module and the preset', () => {
    expect(moduleRoles('voices')).toEqual(['voices:view']);
    expect(rolesTriedOn({ module: 'plugins', level: 'manage', destructive: true })).toEqual([
      'plugins:view',
      'plugins:edit',
      'plugins:manage',
      'assistants:manage',
      'voices:view',
      'knowledgeBase:manage',
      'preset:assistants-knowledge',
    ]);
  });

  it('cover all 31 operations, each with a level-too-low cell unless view is required', () => {
    expect(new Set(cells.map((c) => c.operation.operationId)).size).toBe(31);
    for (const op of operations) {
      const tooLow = cells.filter((c) => c.operation === op && c.access.kind === 'level-too-low');
      expect(tooLow.length, op.operationId).toBe(
        op.scope.level === 'view' ? 0 : op.scope.level === 'edit' ? 1 : 2,
      );
    }
  });

  it('name the exceptions of the document as the spec annotates them', () => {
    const cell = (op: string, role: string) =>
      cells.find((c) => c.id === `auth.scope.${op}.${role}`)?.access.kind;
    expect(cell('queryKnowledgeBase', 'knowledgeBase:view')).toBe('allowed');
    expect(cell('detachKnowledgeBase', 'knowledgeBase:edit')).toBe('allowed');
    expect(cell('listVoices', 'assistants:manage')).toBe('module-not-held');
    expect(cell('listVoices', 'preset:assistants-knowledge')).toBe('allowed');
  });

  it('round-trip their check ids', () => {
    expect(parseScopeCheckId(scopeCheckId('getPersona', 'preset:assistants-knowledge'))).toEqual({
      operationId: 'getPersona',
      role: 'preset:assistants-knowledge',
    });
    expect(parseScopeCheckId('auth.bearer.getPersona.unknown-key')).toBeUndefined();
    expect(parseScopeCheckId('auth.scope.getPersona')).toBeUndefined();
  });

  it('find the scope row of every operation in the catalog', () => {
    const catalog = loadCatalog();
    for (const op of operations)
      expect(scopeRowRequirement(op, catalog), op.operationId).toMatch(/^[A-Z-]+-\d{2}$/);
  });
});
