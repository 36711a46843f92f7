import { describe, expect, it } from 'vitest';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { accessOf, heldScopes } from './access.ts';
import { moduleRoles, rolesTriedOn, scopeMatrixCells, scopeRowRequirement } from './matrix.ts';

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
  const catalog = loadCatalog();
  const cells = scopeMatrixCells(operations, catalog);

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
      const tooLow = cells.filter((c) => c.operation === op && c.access?.kind === 'level-too-low');
      expect(tooLow.length, op.operationId).toBe(
        op.scope.level === 'view' ? 0 : op.scope.level === 'edit' ? 1 : 2,
      );
    }
  });

  it('name the exceptions of the document as the spec annotates them', () => {
    const cell = (op: string, role: string) =>
      cells.find((c) => c.id === `auth.scope.${op}.${role}`)?.access?.kind;
    expect(cell('queryKnowledgeBase', 'knowledgeBase:view')).toBe('allowed');
    expect(cell('detachKnowledgeBase', 'knowledgeBase:edit')).toBe('allowed');
    expect(cell('listVoices', 'assistants:manage')).toBe('module-not-held');
    expect(cell('listVoices', 'preset:assistants-knowledge')).toBe('allowed');
  });

  it('carry what they expect and the requirements they verify, the scope row first', () => {
    const cell = (op: string, role: string) => cells.find((c) => c.id === `auth.scope.${op}.${role}`);
    const denied = cell('deletePlugin', 'plugins:edit');
    expect(denied?.expected).toBe('scope_denied');
    expect(denied?.requirements).toEqual(expect.arrayContaining(['AUTH-06', 'ERR-10', 'AUTH-09', 'AUTH-10']));
    expect(cell('deletePlugin', 'plugins:manage')?.expected).toBe('allowed');
    expect(cell('deletePlugin', 'assistants:manage')?.expected).toBe('403');
    for (const c of cells.filter((c) => c.access !== undefined)) {
      expect(c.requirements[0], c.id).toBe(scopeRowRequirement(c.operation, catalog));
    }
  });

  it('end each operation with the legacy key: route_forbidden on /kb routes, recorded elsewhere', () => {
    for (const op of operations) {
      const own = cells.filter((c) => c.operation === op);
      const legacy = own.at(-1);
      expect(legacy?.role, op.operationId).toBe('legacy');
      expect(legacy?.access).toBeUndefined();
      const kbRoute = op.path === '/kb' || op.path.startsWith('/kb/');
      expect(legacy?.expected, op.operationId).toBe(kbRoute ? 'route_forbidden' : 'recorded');
      expect(legacy?.requirements, op.operationId).toEqual(
        kbRoute ? ['AUTH-20', 'ERR-09', 'ERR-01'] : ['AUTH-19'],
      );
    }
  });

  it('have unique ids', () => {
    expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
  });

  it('find the scope row of every operation in the catalog', () => {
    for (const op of operations)
      expect(scopeRowRequirement(op, catalog), op.operationId).toMatch(/^[A-Z-]+-\d{2}$/);
  });
});
