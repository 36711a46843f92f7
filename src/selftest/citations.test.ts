import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesCiting, scanSuites, type SuiteFile } from './citations.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A stand-in project: check files citing directly, through a helper, and through the scope matrix. */
const FIXTURE: Record<string, string> = {
  'suites/a/direct.test.ts': "check('a.direct', ['ERR-04'], 'title', body);\n",
  'suites/a/helper.ts':
    "import './direct.test.ts';\nconst LEVEL = { view: 'AUTH-08' };\nexport const row = (op, catalog) => scopeRowRequirement(op, catalog);\n",
  'suites/a/uses-helper.test.ts':
    "import { row } from './helper.ts';\nimport { x } from '../../src/checks/missing.ts';\n",
  'suites/b/nested.test.ts':
    "import { row } from '../a/helper.ts';\n// ERR-99 is not in the catalog, XAUTH-04 is not an id\n",
  'suites/b/cycle-one.ts': "import './cycle-two.ts';\nconst id = 'ERR-05';\n",
  'suites/b/cycle-two.ts': "import './cycle-one.ts';\n",
  'suites/b/cycle.test.ts': "import './cycle-one.ts';\n",
  'suites/b/notes.md': 'ERR-06',
};

let root: string;
let files: SuiteFile[];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'citations-'));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  files = scanSuites(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('which check files cite a requirement', () => {
  it('lists only check files, by path relative to the project', () => {
    expect(files.map((f) => f.path)).toEqual([
      'suites/a/direct.test.ts',
      'suites/a/uses-helper.test.ts',
      'suites/b/cycle.test.ts',
      'suites/b/nested.test.ts',
    ]);
  });

  it('finds a citation in the file itself', () => {
    expect(filesCiting('ERR-04', files)).toContain('suites/a/direct.test.ts');
  });

  it('finds citations in the suites/ helpers a file imports, transitively and through cycles', () => {
    expect(filesCiting('AUTH-08', files)).toEqual([
      'suites/a/uses-helper.test.ts',
      'suites/b/nested.test.ts',
    ]);
    expect(filesCiting('ERR-05', files)).toEqual(['suites/b/cycle.test.ts']);
    // helper.ts imports direct.test.ts, so its importers may also run that file's citations.
    expect(filesCiting('ERR-04', files)).toEqual([
      'suites/a/direct.test.ts',
      'suites/a/uses-helper.test.ts',
      'suites/b/nested.test.ts',
    ]);
  });

  it('takes a file building the scope matrix to cite every scope row', () => {
    for (const row of ['AS-LIST-01', 'KB-BASE-17', 'KB-ATTACH-17', 'PL-CREATE-01', 'VOICE-11']) {
      expect(filesCiting(row, files)).toEqual(['suites/a/uses-helper.test.ts', 'suites/b/nested.test.ts']);
    }
  });

  it('ignores tokens that are not ids of the catalog, and files that are not TypeScript', () => {
    expect(filesCiting('ERR-99', files)).toEqual([]);
    expect(filesCiting('AUTH-04', files)).toEqual([]);
    expect(filesCiting('ERR-06', files)).toEqual([]);
  });
});

describe('on the project itself', () => {
  const project = scanSuites(PROJECT_ROOT);

  it('selects the check files that cite a requirement directly', () => {
    expect(filesCiting('KB-ATTACH-25', project)).toContain('suites/auth/scope-exceptions.test.ts');
    expect(filesCiting('ERR-04', project)).toEqual(
      expect.arrayContaining(['suites/auth/bearer.test.ts', 'suites/errors/auth-errors.test.ts']),
    );
  });

  it('selects the scope matrix files for the level entries and the scope rows they cite at run time', () => {
    for (const id of ['AUTH-08', 'KB-BASE-17', 'PL-UPDATE-01']) {
      expect(filesCiting(id, project)).toEqual(
        expect.arrayContaining([
          'suites/auth/scope-matrix-knowledge-bases.test.ts',
          'suites/auth/scope-matrix-plugins.test.ts',
        ]),
      );
    }
  });
});
