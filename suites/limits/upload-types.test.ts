import { describe, expect } from 'vitest';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';
import { accountResources } from '../auth/account-resources.ts';
import { UPLOAD_TYPES } from './upload-files.ts';

/** Limits table: the file types for upload, PDF, DOCX, TXT and MD, each accepted. */

describe('uploadFile — POST /kb/{kbId}/ingest', () => {
  for (const type of UPLOAD_TYPES) {
    check(
      `limits.upload-type.${type.name.toLowerCase()}`,
      ['LIM-16', 'LIM-18'],
      `a ${type.name} file is accepted for upload`,
      async (context) => {
        const resources = accountResources(context);
        const base = await resources.createBase(`upload-${type.name.toLowerCase()}`);
        const file = await type.file();
        const exchange = await resources.client.call('uploadFile', {
          path: { kbId: base.kbId },
          multipart: { file, title: `Pilots (${type.name})` },
        });
        context.observe(
          'LIM-18',
          `${type.name} of ${file.content.length} bytes: ${exchange.response?.status ?? exchange.error}`,
        );
        expectStatus(exchange, 200);
        expect(
          typeof (exchange.response?.json as { docId?: unknown } | undefined)?.docId,
          'docId of the uploaded document',
        ).toBe('string');
      },
      { operations: ['uploadFile'] },
    );
  }
});
