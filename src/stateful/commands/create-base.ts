import { KNOWLEDGE_BASE } from '../../resources/kinds/knowledge-base.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/** Bases a sequence creates at most: one more than an assistant may have attached. */
const MAX_BASES = 4;

/** POST /kb: 201 {status, kbId, name, description}; the model has one more base, with no document. */
export class CreateBase extends Step {
  check(model: Readonly<AccountModel>): boolean {
    return model.created.base < MAX_BASES;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const name = world.account.unique('sb');
    const { id: kbId, forget } = await world.create(KNOWLEDGE_BASE, { name });
    // Created without a description: the base shows the default, an empty string (KB-BASE-03).
    const n = model.createBase({ name });
    world.bases.set(n, { id: kbId, forget });
    world.vectorCounts.set(n, 0);
  }

  toString(): string {
    return 'create base';
  }
}
