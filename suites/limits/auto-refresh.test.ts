import { describe, expect } from 'vitest';
import { DEFAULT_INTERVAL_DAYS, expectIntervalDays } from '../../src/expect/auto-refresh-interval.ts';
import { check } from '../../src/harness/check.ts';
import { bodyOf } from '../../src/http/json.ts';
import { autoRefreshOf } from '../../src/resources/knowledge-steps.ts';

/** Limits table: the auto-refresh interval (intervalDays with intervalHours) and the listed default of 3 days. */

describe('setAutoRefresh — PATCH /kb/{kbId}/auto-refresh', () => {
  check(
    'limits.auto-refresh.days-and-hours',
    ['LIM-14'],
    'the interval is set with intervalDays together with intervalHours',
    async (context) => {
      const kb = context.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.setAutoRefresh(kbId, {
        enabled: true,
        intervalDays: 1,
        intervalHours: 12,
      });
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(true);
      expect(autoRefreshOf(await kb.listedBase(kbId)).enabled, 'autoRefresh.enabled as listed').toBe(true);
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'limits.auto-refresh.days',
    ['LIM-14', 'KB-REFRESH-04'],
    'the interval is set with intervalDays, and the base lists the value sent',
    async (context) => {
      const kb = context.kb();
      const { kbId } = await kb.createBase();
      await kb.setAutoRefresh(kbId, { enabled: true, intervalDays: 7 });
      const listed = await kb.listedBase(kbId);
      expect(listed, `base ${kbId} in the list`).toBeDefined();
      expect(autoRefreshOf(listed).intervalDays, 'autoRefresh.intervalDays as listed').toBe(7);
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );
});

describe('listKnowledgeBases — GET /kb', () => {
  check(
    'limits.auto-refresh.default-3-days',
    ['LIM-15'],
    'a base never given an interval shows intervalDays 3 while auto-refresh is disabled: as created (when it starts disabled) and once disabled without an interval',
    async (context) => {
      const kb = context.kb();
      const { kbId } = await kb.createBase();
      const listed = await kb.listedBase(kbId);
      expect(listed, `base ${kbId} in the list`).toBeDefined();
      const created = autoRefreshOf(listed);
      // Whether a new base starts with auto-refresh off is not stated.
      if (created.enabled === false)
        expectIntervalDays(
          undefined,
          created.intervalDays,
          DEFAULT_INTERVAL_DAYS,
          'the list, for a new base',
        );
      else context.observe('LIM-15', `a new base's autoRefresh.enabled: ${JSON.stringify(created.enabled)}`);

      const exchange = await kb.setAutoRefresh(kbId, { enabled: false });
      expectIntervalDays(
        exchange,
        autoRefreshOf(bodyOf(exchange)).intervalDays,
        DEFAULT_INTERVAL_DAYS,
        'the answer to enabled false',
      );
      const disabled = autoRefreshOf(await kb.listedBase(kbId));
      expect(disabled.enabled, 'autoRefresh.enabled as listed after enabled false').toBe(false);
      expectIntervalDays(undefined, disabled.intervalDays, DEFAULT_INTERVAL_DAYS, 'the list, once disabled');
    },
    { operations: ['listKnowledgeBases', 'setAutoRefresh'] },
  );
});
