import { describe, expect, it } from 'vitest';
import { AccountModel } from '../model.ts';
import { expectScheduleShown } from './knowledge.ts';

const listed = (enabled: unknown, intervalDays: unknown) => ({
  kbId: 'k',
  autoRefresh: { enabled, intervalDays },
});

function withBase(): AccountModel {
  const model = new AccountModel();
  model.createBase({ name: 'Help centre' });
  return model;
}

describe('the schedule a listed base shows', () => {
  it('a base never given one: nothing judged while enabled, the default 3 days while disabled', () => {
    const model = withBase();
    expect(() => expectScheduleShown(model, 0, listed(true, 7), undefined)).not.toThrow();
    expect(() => expectScheduleShown(model, 0, listed(false, 3), undefined)).not.toThrow();
    expect(() => expectScheduleShown(model, 0, listed(false, 0), undefined)).toThrow(/intervalDays 0/);
  });

  it('the enabled last set, whatever other writes came since, with the days sent when enabled with days alone', () => {
    const model = withBase();
    model.setAutoRefresh(0, { enabled: true, intervalDays: 6 });
    model.ingest(0, { tier: 'vector', chunks: 1, marker: 'm' }, 'vector');
    expect(() => expectScheduleShown(model, 0, listed(true, 6), undefined)).not.toThrow();
    expect(model.coverage.get('STATE-05')).toBe(1);
    expect(() => expectScheduleShown(model, 0, listed(false, 6), undefined)).toThrow(/enabled false/);
    expect(() => expectScheduleShown(model, 0, listed(true, 3), undefined)).toThrow(/intervalDays 3/);
  });

  it('disabled after an interval was sent: the days shown are open', () => {
    const model = withBase();
    model.setAutoRefresh(0, { enabled: true, intervalDays: 6 });
    model.setAutoRefresh(0, { enabled: false });
    expect(() => expectScheduleShown(model, 0, listed(false, 3), undefined)).not.toThrow();
    expect(() => expectScheduleShown(model, 0, listed(false, 6), undefined)).not.toThrow();
    expect(() => expectScheduleShown(model, 0, listed(true, 6), undefined)).toThrow(/enabled true/);
  });
});
