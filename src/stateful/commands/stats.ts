import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectBaseInStep, type World } from '../world.ts';

/**
 * GET /kb/{kbId}/stats, the documents and the list of bases: documentsCount, the documents and
 * their tiers, docsCount and liveSourcesCount are the model's.
 */
export class BaseStats extends StepOnOne(live('bases')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(`read base#${b} (documents, stats, list of bases)`);
    await expectBaseInStep(model, world, b, 'any', true);
  }

  toString(): string {
    return 'read a base (documents, stats, list of bases)';
  }
}
