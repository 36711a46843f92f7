import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { UPLOADABLE_FILES } from '../../src/generate/fixture-sentences.ts';
import { check } from '../../src/harness/check.ts';
import { fixtureFilePart } from '../../src/resources/fixture-site.ts';
import { bodyOf } from '../../src/http/json.ts';

/**
 * Limits table: the file types for upload, PDF, DOCX, TXT and MD, each accepted. The files are the
 * committed fixtures (scripts/make-fixtures.ts builds them), each with a text layer.
 */

describe('uploadFile — POST /kb/{kbId}/ingest', () => {
  for (const type of UPLOADABLE_FILES) {
    check(
      `limits.upload-type.${type.kind.toLowerCase()}`,
      ['LIM-16', 'LIM-18'],
      `a ${type.kind} file is accepted for upload and listed among the base's documents`,
      async (context) => {
        const kb = context.kb();
        const { kbId } = await kb.createBase();
        const file = fixtureFilePart(type);
        const exchange = await kb.client.call('uploadFile', {
          path: { kbId },
          multipart: { file, title: `${type.heading} (${type.kind})` },
        });
        context.observe(
          'LIM-18',
          `${type.kind} of ${file.content.length} bytes: ${exchange.response?.status ?? exchange.error}`,
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
