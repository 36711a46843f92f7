import { picked, type AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import { expectBaseInStep, type World } from '../world.ts';

/**
 * GET /kb/{kbId}/stats, the documents and the list of bases: documentsCount, the documents and
 * their tiers, docsCount and liveSourcesCount are the model's.
 */
export class BaseStats extends Step {
  constructor(
    /** Picks one of the live bases. */
    private readonly pick: number,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.bases.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = picked(model.live('bases'), this.pick) ?? -1;
    world.steps[world.steps.length - 1] = `read base#${b} (documents, stats, list of bases)`;
    await expectBaseInStep(model, world, b, 'any', true);
  }

  toString(): string {
    return 'read a base (documents, stats, list of bases)';
  }
}
