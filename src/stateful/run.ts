import fc from 'fast-check';
import { expectProperty } from '../expect/property.ts';
import type { CheckContext } from '../harness/check.ts';
import { CheckKnowledgeViews } from './commands/check-knowledge-views.ts';
import { accountCommands, viewLimit, viewTurn } from './commands/index.ts';
import { AccountModel, addCoverage, TRANSITIONS, type Transition } from './model.ts';
import { failedStep } from './step.ts';
import { checkViews } from './views/index.ts';
import { canTransfer, newWorld, type ViewerRole } from './world.ts';

/** Commands drawn per sequence at most (those whose precondition fails are skipped). */
const MAX_COMMANDS = 80;

export interface ModelRunCoverage {
  /** Sequences run, shrinking included. */
  sequences: number;
  /** Times each transition was exercised over all of them. */
  transitions: Map<Transition, number>;
}

/**
 * Runs the run's number of property runs (`--runs`; the deep profile's ten times) of drawn command
 * sequences against the target, each on resources of its own that it deletes when it ends, adding
 * to `coverage` how often each transition was exercised (also when a sequence fails). A failure
 * is shrunk by fast-check and thrown as the verdict, its steps numbered (step.ts).
 */
export async function runAccountModel(ctx: CheckContext, coverage: ModelRunCoverage): Promise<void> {
  const viewers = new Set(
    (['assistants:view', 'knowledgeBase:view'] as const).filter(
      (role: ViewerRole) => ctx.target.keyring.keys[role] !== undefined,
    ),
  );
  const patience = { timeoutMs: ctx.patience.indexMs };
  const commands = fc.commands([accountCommands(viewers, canTransfer(ctx))], {
    maxCommands: MAX_COMMANDS,
    size: 'max',
  });
  await expectProperty(
    fc.asyncProperty(commands, viewLimit, viewTurn, async (sequence, limit, turn) => {
      const model = new AccountModel();
      const world = newWorld(ctx, patience);
      try {
        await fc.asyncModelRun(() => Promise.resolve({ model, real: world }), sequence);
        // Every view, always, once the sequence has run: the oracle of what its history left.
        if (model.created.assistant + model.created.plugin > 0) {
          world.steps.push(
            `end of the sequence: check the views (share ${turn}, ${limit === undefined ? 'default page size' : `limit ${limit}`})`,
          );
          await checkViews(model, world, limit, turn).catch((error: unknown) => {
            throw failedStep(world, error);
          });
        }
        // ---- the knowledge views, always read once more at the end of a sequence
        const knowledgeViews = new CheckKnowledgeViews();
        if (knowledgeViews.check(model)) await knowledgeViews.run(model, world);
      } finally {
        coverage.sequences += 1;
        addCoverage(coverage.transitions, model.coverage);
        await world.cleanup();
      }
    }),
    { numRuns: ctx.target.propertyRuns },
  );
}

/**
 * One line per transition of the document's tables, with how often the sequences exercised it:
 * coverage (ctx.cover), not an observation, since the draw and not the implementation decides it.
 */
export function coverageLines(coverage: ModelRunCoverage): Array<[Transition, string, number]> {
  return (Object.keys(TRANSITIONS) as Transition[]).map((transition) => {
    const times = coverage.transitions.get(transition) ?? 0;
    return [
      transition,
      `${TRANSITIONS[transition]}: exercised ${times} time(s) in ${coverage.sequences} sequence(s)`,
      times,
    ];
  });
}
