import { describe, expect } from 'vitest';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { accountResources, succeeded } from '../auth/account-resources.ts';

/** Limits table: the auto-refresh interval (intervalDays with intervalHours) and the listed default of 3 days. */

function autoRefreshOf(exchange: Exchange): Record<string, unknown> {
  const value = (exchange.response?.json as { autoRefresh?: unknown } | undefined)?.autoRefresh;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

describe('setAutoRefresh — PATCH /kb/{kbId}/auto-refresh', () => {
  check(
    'limits.auto-refresh.days-and-hours',
    ['LIM-14'],
    'the interval is set with intervalDays together with intervalHours',
    async (context) => {
      const resources = accountResources(context);
      const base = await resources.createBase('refresh-hours');
      const exchange = await resources.client.call('setAutoRefresh', {
        path: { kbId: base.kbId },
        body: { enabled: true, intervalDays: 1, intervalHours: 12 },
      });
      expectStatus(exchange, 200);
      expect(autoRefreshOf(exchange).enabled, 'autoRefresh.enabled in the answer').toBe(true);
    },
    { operations: ['setAutoRefresh'] },
  );

  check(
    'limits.auto-refresh.days',
    ['LIM-14', 'KB-REFRESH-04'],
    'the interval is set with intervalDays, and the base lists the value sent',
    async (context) => {
      const resources = accountResources(context);
      const base = await resources.createBase('refresh-days');
      const exchange = await resources.client.call('setAutoRefresh', {
        path: { kbId: base.kbId },
        body: { enabled: true, intervalDays: 7 },
      });
      expectStatus(exchange, 200);
      const listed = succeeded('list bases', await resources.client.call('listKnowledgeBases'));
      const kbs =
        (
          listed.response?.json as
            { kbs?: { kbId?: unknown; autoRefresh?: { intervalDays?: unknown } }[] } | undefined
        )?.kbs ?? [];
      const mine = kbs.find((kb) => kb.kbId === base.kbId);
      expect(mine, `base ${base.kbId} in the list`).toBeDefined();
      expect(mine?.autoRefresh?.intervalDays, 'autoRefresh.intervalDays as listed').toBe(7);
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );
});

describe('listKnowledgeBases — GET /kb', () => {
  check(
    'limits.auto-refresh.default-3-days',
    ['LIM-15'],
    'a base never given an interval is listed with auto-refresh disabled and intervalDays 3',
    async (context) => {
      const resources = accountResources(context);
      const base = await resources.createBase('refresh-default');
      const listed = succeeded('list bases', await resources.client.call('listKnowledgeBases'));
      const kbs =
        (
          listed.response?.json as
            { kbs?: { kbId?: unknown; autoRefresh?: Record<string, unknown> }[] } | undefined
        )?.kbs ?? [];
      const mine = kbs.find((kb) => kb.kbId === base.kbId);
      expect(mine, `base ${base.kbId} in the list`).toBeDefined();
      expect(mine?.autoRefresh?.enabled, 'autoRefresh.enabled of a new base').toBe(false);
      expect(mine?.autoRefresh?.intervalDays, 'autoRefresh.intervalDays of a new base').toBe(3);
    },
    { operations: ['listKnowledgeBases'] },
  );
});
