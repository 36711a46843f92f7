import { describe } from 'vitest';
import { check } from '../../src/harness/check.ts';
import { coverageLines, runAccountModel, type ModelRunCoverage } from '../../src/stateful/run.ts';

describe('the account as a state machine', () => {
  check(
    'stateful.account.model',
    [
      // The attachment state table, row by row, and its flags and limit.
      'KB-ATTACH-01',
      'KB-ATTACH-02',
      'KB-ATTACH-04',
      'KB-ATTACH-05',
      'KB-ATTACH-06',
      'KB-ATTACH-07',
      'KB-ATTACH-08',
      'KB-ATTACH-09',
      'KB-ATTACH-10',
      'KB-ATTACH-11',
      'KB-ATTACH-12',
      'KB-ATTACH-13',
      'KB-ATTACH-14',
      'KB-ATTACH-18',
      'KB-ATTACH-19',
      'KB-ATTACH-20',
      'KB-ATTACH-21',
      'KB-ATTACH-22',
      'KB-ATTACH-23',
      'KB-ATTACH-24',
      'KB-ASSISTANT-07',
      'LIM-01',
      'LIM-02',
      'STATE-02',
      // Documents, tiers, counts and query.
      'STATE-03',
      'STATE-13',
      'STATE-14',
      'STATE-15',
      'KB-INGEST-09',
      'KB-INGEST-10',
      'KB-INGEST-13',
      'KB-INGEST-18',
      'KB-INGEST-19',
      'KB-BASE-04',
      'KB-BASE-06',
      'KB-BASE-22',
      'KB-DOC-11',
      'KB-DOC-12',
      'KB-STATS-02',
      'KB-QUERY-09',
      'KB-QUERY-10',
      'LIM-07',
      'LIM-08',
      // Assistants and plugins.
      'AS-LIST-02',
      'AS-LIST-13',
      'AS-GET-04',
      'AS-UPDATE-02',
      'AS-UPDATE-07',
      'AS-UPDATE-09',
      'AS-UPDATE-10',
      'AS-UPDATE-11',
      'AS-DELETE-02',
      'AS-DELETE-03',
      'STATE-10',
      'STATE-12',
      'PL-DELETE-03',
      // A write refused for scope changes nothing.
      'AUTH-08',
      'ERR-10',
    ],
    'any sequence of creates, updates, deletes, ingests, attachments, queries, lists and scope-refused writes on the account answers as the model of the document says, its state read back after each step',
    async (ctx) => {
      const coverage: ModelRunCoverage = { sequences: 0, transitions: new Map() };
      try {
        await runAccountModel(ctx, coverage);
      } finally {
        for (const [requirement, line] of coverageLines(coverage)) ctx.observe(requirement, line);
      }
    },
    {
      // Some 500 to 600 steps of three or four requests each (ten times that in the deep profile):
      // about a second against the embedded reference, minutes against a distant target.
      timeout: 15 * 60_000,
      operations: [
        'createPersona',
        'updatePersona',
        'deletePersona',
        'getPersona',
        'listPersonas',
        'createPlugin',
        'getPlugin',
        'listPlugins',
        'deletePlugin',
        'createKnowledgeBase',
        'listKnowledgeBases',
        'deleteKnowledgeBase',
        'ingestText',
        'ingestUrl',
        'uploadFile',
        'listDocuments',
        'deleteDocument',
        'queryKnowledgeBase',
        'getKnowledgeBaseStats',
        'attachKnowledgeBase',
        'updateAttachment',
        'detachKnowledgeBase',
        'listPersonaKnowledgeBases',
      ],
    },
  );
});
