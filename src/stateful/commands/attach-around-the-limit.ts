import { ConformanceFailure, HarnessError } from '../../expect/failure.ts';
import { MAX_BASES_PER_ASSISTANT, picked, type AccountModel } from '../model.ts';
import { failedStep, Step } from '../step.ts';
import { expectBasesOfAssistantView } from '../views/knowledge.ts';
import type { World } from '../world.ts';
import { Attach } from './attach.ts';
import { CreateBase } from './create-base.ts';
import { DeleteAssistant } from './delete-assistant.ts';
import { DeleteBase } from './delete-base.ts';
import { Detach } from './detach.ts';

/** Bases a sequence creates at most with this command (and the name reuse): four around the limit, and more. */
export const MAX_BASES_AROUND_THE_LIMIT = 6;

/** How the full assistant's slot is freed: from its side (detach), the base's (delete it), or by deleting the assistant. */
export type Freeing = 'detach' | 'delete base' | 'delete assistant';

/** Bases to create so that assistant `a` can be filled to the limit and offered one more. */
function basesMissing(model: Readonly<AccountModel>, a: number): number {
  const { size } = model.assistant(a).attachments;
  return Math.max(0, MAX_BASES_PER_ASSISTANT - size + 1 - model.basesNotAttachedTo(a).length);
}

/** Reads an assistant's bases (GET /kb/persona/{personaId}) as a step of its own. */
class ReadBasesOfAssistant extends Step {
  constructor(private readonly a: number) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.assistants.has(this.a);
  }

  protected act(model: AccountModel, world: World): Promise<void> {
    return expectBasesOfAssistantView(model, world, this.a);
  }

  toString(): string {
    return `read the bases of assistant#${this.a}`;
  }
}

/**
 * Around the three-base limit, as a run of the model's own commands (each judged as it is, each a
 * numbered step of a failure): an assistant is filled to three bases (bases created as needed), a
 * fourth is refused with 400 and changes nothing, then a slot is freed and what follows is judged:
 * - detach one (the assistant's side), or delete one of its bases after attaching it to another
 *   assistant too (the base's side: every assistant holding it loses it), and the fourth is then
 *   attached (`attached: true`);
 * - delete the assistant, after one of its bases was attached to another assistant too: its
 *   attachments go with it, and the other assistant keeps that base, with its values.
 */
export class AttachAroundTheLimit extends Step {
  constructor(
    /** Picks one of the live assistants. */
    private readonly pickAssistant: number,
    private readonly freeing: Freeing,
    /** Picks the attachment freed among the assistant's three. */
    private readonly pickFreed: number,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    const a = picked(model.live('assistants'), this.pickAssistant);
    // Only an assistant the history already attached a base to: then the plain commands before it
    // reach what it builds on, and shrinking a failure can drop it (it cannot shrink inside).
    if (a === undefined || model.assistant(a).attachments.size === 0) return false;
    if (this.freeing === 'delete assistant' && model.assistants.size < 2) return false;
    return basesMissing(model, a) <= MAX_BASES_AROUND_THE_LIMIT - model.created.base;
  }

  /** Runs the steps, each reported as a step of the sequence (a failure in one is already reported). */
  override async run(model: AccountModel, world: World): Promise<void> {
    world.steps.push(this.toString());
    try {
      await this.act(model, world);
    } catch (error) {
      throw error instanceof ConformanceFailure || error instanceof HarnessError
        ? error
        : failedStep(world, error);
    }
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = picked(model.live('assistants'), this.pickAssistant) ?? -1;
    const own = world.steps.length - 1;
    world.steps[own] = `${this.describe(`assistant#${a}`)}:`;
    // Each command is a step of the sequence while it runs (a failure in it is reported as the
    // next step), then a lettered line of this one: a shrunk failure stays a short list of steps.
    let letter = 0;
    const step = async (command: Step) => {
      await command.run(model, world);
      const line = world.steps.pop() ?? '';
      world.steps[own] += `\n         ${String.fromCharCode(97 + letter++)}. ${line}`;
    };
    const assistantPick = () => model.live('assistants').indexOf(a);
    const basePick = (b: number) => model.live('bases').indexOf(b);
    for (let missing = basesMissing(model, a); missing > 0; missing -= 1) await step(new CreateBase());
    while (model.assistant(a).attachments.size < MAX_BASES_PER_ASSISTANT) {
      const [b = -1] = model.basesNotAttachedTo(a);
      await step(new Attach(assistantPick(), basePick(b), false, {}));
    }
    const [fourth = -1] = model.basesNotAttachedTo(a);
    // Refused with 400, nothing changed (the Attach step judges it by the model: three attached).
    await step(new Attach(assistantPick(), basePick(fourth), false, {}));
    const held = [...model.assistant(a).attachments.keys()].sort((x, y) => x - y);
    const freed = picked(held, this.pickFreed) ?? -1;
    switch (this.freeing) {
      case 'detach': {
        const pick = model.attachments().findIndex(([x, y]) => x === a && y === freed);
        await step(new Detach(pick));
        break;
      }
      case 'delete base': {
        // From the base's side: held by another assistant too (when there is one), it leaves both.
        const other = model.live('assistants').find((x) => x !== a && !model.isAttached(x, freed));
        if (other !== undefined)
          await step(new Attach(model.live('assistants').indexOf(other), basePick(freed), false, {}));
        await step(new DeleteBase(basePick(freed)));
        break;
      }
      case 'delete assistant': {
        const other = model.live('assistants').find((x) => x !== a) ?? -1;
        const otherPick = model.live('assistants').indexOf(other);
        await step(new Attach(otherPick, basePick(freed), false, { grounding_mode: 'strict' }));
        await step(new DeleteAssistant(assistantPick()));
        await step(new ReadBasesOfAssistant(other));
        return;
      }
    }
    // A slot is free: the fourth base is attached now.
    await step(new Attach(assistantPick(), basePick(fourth), false, {}));
    model.slotFreed();
  }

  toString(): string {
    return this.describe('an assistant');
  }

  private describe(assistant: string): string {
    const then = {
      detach: 'detach one and attach the fourth',
      'delete base': 'share one with another assistant, delete that base and attach the fourth',
      'delete assistant': 'share one with another assistant and delete the full one',
    }[this.freeing];
    return `fill ${assistant} to three bases, try a fourth, then ${then}`;
  }
}
