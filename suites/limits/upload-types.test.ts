import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';
import { bodyOf } from '../../src/resources/json.ts';
import { knowledgeSteps } from '../knowledge-bases/steps.ts';
import { UPLOAD_TYPES } from './upload-files.ts';

/** Limits table: the file types for upload, PDF, DOCX, TXT and MD, each accepted. */

describe('uploadFile — POST /kb/{kbId}/ingest', () => {
  for (const type of UPLOAD_TYPES) {
    check(
      `limits.upload-type.${type.name.toLowerCase()}`,
      ['LIM-16', 'LIM-18'],
      `a ${type.name} file is accepted for upload and listed among the base's documents`,
      async (context) => {
        const kb = knowledgeSteps(context);
        const { kbId } = await kb.createBase();
        const file = await type.file();
        const exchange = await kb.client.call('uploadFile', {
          path: { kbId },
          multipart: { file, title: `Pilots (${type.name})` },
        });
        context.observe(
          'LIM-18',
          `${type.name} of ${file.content.length} bytes: ${exchange.response?.status ?? exchange.error}`,
        );
        expectStatus(exchange, 200);
        expectSchema(context.spec, exchange);
        const docId = String(bodyOf(exchange).docId);
        expect(await kb.document(kbId, docId), 'the uploaded document among the documents').toBeDefined();
      },
      { operations: ['uploadFile', 'listDocuments'] },
    );
  }
});
