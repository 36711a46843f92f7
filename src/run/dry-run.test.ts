import { describe, expect, it } from 'vitest';
import type { IndexedCheck } from '../harness/check-index.ts';
import { loadSpec } from '../spec/openapi.ts';
import { dryRunLines } from './dry-run.ts';

const check = (id: string, file: string, operations: string[]): IndexedCheck => ({
  id,
  title: id,
  requirements: [],
  operations,
  area: id.split('.')[0] ?? id,
  file,
});

describe('run --dry-run', () => {
  it('groups the checks by the area names --only takes', async () => {
    const lines = dryRunLines({
      checks: [
        check('kb.attach.fourth', 'suites/knowledge-bases/attach.test.ts', ['createKnowledgeBase']),
        check('kb.list.shape', 'suites/knowledge-bases/list.test.ts', ['listKnowledgeBases']),
        check('voices.catalog.shape', 'suites/voices/voice-catalog.test.ts', ['listVoices']),
      ],
      spec: await loadSpec(),
      target: 'http://127.0.0.1:1/api/v1',
      readOnly: false,
      ledgerDir: 'reports/ledger',
    });
    expect(lines.filter((line) => line.startsWith('  '))).toEqual([
      '  knowledge-bases: 2 check(s), 1 of them writing',
      '  voices: 1 check(s), 0 of them writing',
    ]);
  });
});
