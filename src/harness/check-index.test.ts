import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../spec/requirements.ts';
import {
  CheckIndexError,
  collectChecks,
  duplicateIds,
  filesCiting,
  type IndexedCheck,
} from './check-index.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function indexed(id: string, file: string, ...requirements: string[]): IndexedCheck {
  return { id, title: id, requirements, operations: [], area: id.split('.')[0] ?? id, file };
}

describe('the check index of the project (collected, not run)', () => {
  let checks: IndexedCheck[];
  beforeAll(async () => {
    checks = await collectChecks(PROJECT_ROOT);
  }, 120_000);

  it('gives every check a unique id: summary.json, expectations and diffs name checks by it', () => {
    expect(checks.length).toBeGreaterThan(500);
    expect(duplicateIds(checks)).toEqual([]);
  });

  it('has every cited id in spec/requirements.yaml, and every check cites one at least', () => {
    const { byId } = loadCatalog();
    expect(checks.filter((c) => c.requirements.length === 0).map((c) => c.id)).toEqual([]);
    expect(checks.flatMap((c) => c.requirements.filter((id) => !byId.has(id)))).toEqual([]);
  });

  it('selects the check files citing a requirement', () => {
    expect(filesCiting('KB-ATTACH-25', checks)).toContain('suites/auth/scope-exceptions.test.ts');
    expect(filesCiting('ERR-04', checks)).toEqual(
      expect.arrayContaining(['suites/auth/bearer.test.ts', 'suites/errors/auth-errors.test.ts']),
    );
  });

  it('sees the citations the scope matrix derives from the spec when it registers its checks', () => {
    expect(filesCiting('AUTH-08', checks)).toEqual(
      expect.arrayContaining([
        'suites/auth/scope-matrix-knowledge-bases.test.ts',
        'suites/auth/scope-matrix-plugins.test.ts',
      ]),
    );
    // Each module's endpoint-table row is cited by that module's matrix only.
    expect(filesCiting('KB-BASE-17', checks)).toContain('suites/auth/scope-matrix-knowledge-bases.test.ts');
    expect(filesCiting('KB-BASE-17', checks)).not.toContain('suites/auth/scope-matrix-plugins.test.ts');
    expect(filesCiting('PL-UPDATE-01', checks)).toContain('suites/auth/scope-matrix-plugins.test.ts');
    expect(filesCiting('PL-UPDATE-01', checks)).not.toContain(
      'suites/auth/scope-matrix-knowledge-bases.test.ts',
    );
  });
});

describe('duplicateIds and filesCiting', () => {
  const checks = [
    indexed('a.one', 'suites/a/x.test.ts', 'ERR-04'),
    indexed('a.two', 'suites/a/x.test.ts', 'ERR-04', 'AUTH-08'),
    indexed('a.one', 'suites/b/y.test.ts', 'AUTH-08'),
  ];

  it('names each id registered twice, once', () => {
    expect(duplicateIds(checks)).toEqual(['a.one']);
  });

  it('lists each citing file once, in path order', () => {
    expect(filesCiting('AUTH-08', checks)).toEqual(['suites/a/x.test.ts', 'suites/b/y.test.ts']);
    expect(filesCiting('ERR-04', checks)).toEqual(['suites/a/x.test.ts']);
    expect(filesCiting('ERR-99', checks)).toEqual([]);
  });
});

describe('a check file that cannot be loaded', () => {
  it('fails the collection, naming the file: an index must not silently miss its checks', async () => {
    const root = mkdtempSync(join(tmpdir(), 'conformance-index-'));
    try {
      writeFileSync(join(root, 'broken.test.ts'), "throw new Error('cannot load');\n");
      await expect(collectChecks(root, ['*.test.ts'])).rejects.toThrow(CheckIndexError);
      await expect(collectChecks(root, ['*.test.ts'])).rejects.toThrow(/broken\.test\.ts: .*cannot load/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
