import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { stableErrorSummary } from './stable-summary.ts';

function exchange(status: number, json: unknown): Exchange {
  const url = 'http://127.0.0.1/api/v1/kb/x/documents/y';
  return answered(status, json, { operationId: 'deleteDocument', method: 'DELETE', url });
}

describe('stableErrorSummary', () => {
  it('masks ids, timestamps and the run prefix, so the same error reads the same on every run', () => {
    const first = exchange(404, {
      message:
        'document 0a6d2f7e-5b1c-4e8a-b3d9-7c4f1e2a9b60 of base Ab12cdw9x9 not found at 2026-03-01T10:00:00.000Z',
    });
    const second = exchange(404, {
      message:
        'document 7e9d2f7e-5b1c-4e8a-b3d9-7c4f1e2a9b61 of base ab12cdwzzz not found at 2026-03-02T11:12:13Z',
    });
    expect(stableErrorSummary(first, 'Ab12cd')).toBe(stableErrorSummary(second, 'Ab12cd'));
    expect(stableErrorSummary(first, 'Ab12cd')).toBe(
      '404, message "document <uuid> of base <prefix>… not found at <time>"',
    );
  });

  it('masks object ids and keeps the status and code', () => {
    expect(
      stableErrorSummary(exchange(400, { code: 'bad', message: 'persona 65f0c1a2b3c4d5e6f7a8b9c0' })),
    ).toBe('400, code "bad", message "persona <id>"');
  });
});
