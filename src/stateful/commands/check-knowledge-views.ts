import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import { checkKnowledgeViews } from '../views/knowledge.ts';
import type { World } from '../world.ts';

/**
 * Drawn checkpoints a sequence runs at most, besides the one at its end: each reads some 30 routes,
 * and one at a drawn point of the history (some state the end no longer shows) is the one that pays.
 */
const DRAWN_AT_MOST = 1;

/**
 * A checkpoint: every knowledge view of the account read and compared with the model's projection
 * of the history so far (views/knowledge.ts). Drawn among the other commands, and run once more at
 * the end of every sequence (run.ts).
 */
export class CheckKnowledgeViews extends Step {
  check(model: Readonly<AccountModel>): boolean {
    return model.created.base > 0 && model.knowledgeCheckpoints < DRAWN_AT_MOST;
  }

  protected act(model: AccountModel, world: World): Promise<void> {
    model.knowledgeCheckpoints += 1;
    return checkKnowledgeViews(model, world);
  }

  toString(): string {
    return "read every knowledge view (bases, each assistant's bases, documents, stats, queries) and compare it with the model";
  }
}
