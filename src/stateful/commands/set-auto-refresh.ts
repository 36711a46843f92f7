import { expect } from 'vitest';
import { expectIntervalDays } from '../../expect/auto-refresh-interval.ts';
import { bodyOf } from '../../http/json.ts';
import { autoRefreshOf } from '../../resources/knowledge-steps.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectScheduleShown, listBases } from '../views/knowledge.ts';
import type { World } from '../world.ts';

/**
 * PATCH /kb/{kbId}/auto-refresh with `enabled` and sometimes `intervalDays`: 200 {status, kbId,
 * autoRefresh} showing the enabled sent (and the days sent, when enabled with days alone), after
 * which the list of bases shows that schedule (STATE-05). From then on every view of the base must
 * show it, whatever other writes reach the base (views/knowledge.ts): nothing but this route sets it.
 */
export class SetAutoRefresh extends StepOnOne(live('bases')) {
  constructor(
    pick: number,
    private readonly enabled: boolean,
    private readonly intervalDays: number | undefined,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`));
    const kbId = world.kbId(b);
    const body = {
      enabled: this.enabled,
      ...(this.intervalDays !== undefined ? { intervalDays: this.intervalDays } : {}),
    };
    // 200 and the schema (KnowledgeSteps.setAutoRefresh).
    const exchange = await world.kb.setAutoRefresh(kbId, body);
    expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
    const schedule = model.setAutoRefresh(b, body);
    const answered = autoRefreshOf(bodyOf(exchange));
    expect(answered.enabled, 'autoRefresh.enabled in the answer').toBe(this.enabled);
    expectIntervalDays(exchange, answered.intervalDays, schedule.intervalDays, 'the answer');
    const { exchange: list, items } = await listBases(world);
    expectScheduleShown(
      model,
      b,
      items.find((kb) => kb.kbId === kbId),
      list,
    );
  }

  toString(): string {
    return this.describe('a base');
  }

  private describe(base: string): string {
    const days = this.intervalDays !== undefined ? `, intervalDays ${this.intervalDays}` : '';
    return `set the auto-refresh of ${base} (enabled ${this.enabled}${days})`;
  }
}
