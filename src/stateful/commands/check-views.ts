import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import { checkViews, VIEW_LIMITS } from '../views/index.ts';
import type { World } from '../world.ts';

/**
 * A checkpoint: a drawn share of the views of the account (and of account B, where the keyring has
 * its key) read and compared with the model, page walks at a drawn page size (1, 2, 3 or the default).
 */
export class CheckViews extends Step {
  constructor(
    private readonly limit: (typeof VIEW_LIMITS)[number],
    /** Which share of each family's views this checkpoint reads. */
    private readonly turn = 0,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant + model.created.plugin > 0;
  }

  protected act(model: AccountModel, world: World): Promise<void> {
    return checkViews(model, world, this.limit, this.turn);
  }

  toString(): string {
    return `check the views (share ${this.turn}, ${this.limit === undefined ? 'default page size' : `limit ${this.limit}`})`;
  }
}
