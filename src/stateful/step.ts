import type fc from 'fast-check';
import { ConformanceFailure, HarnessError, SetupError } from '../expect/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import { picked, type AccountModel } from './model.ts';
import type { World } from './world.ts';

/**
 * One command of the model: `check` says whether it applies to the model's state, `act` sends it,
 * compares the answer with the model and updates the model, `toString` reads as a step. A failure
 * is reported with every step of the sequence so far, numbered, the failing request as curl, and
 * how to replay the run: fast-check shrinks the sequence first, so the steps shown are the
 * shortest sequence found.
 */
export abstract class Step implements fc.AsyncCommand<AccountModel, World> {
  abstract check(model: Readonly<AccountModel>): boolean;

  protected abstract act(model: AccountModel, world: World): Promise<void>;

  abstract toString(): string;

  async run(model: AccountModel, world: World): Promise<void> {
    world.steps.push(this.toString());
    try {
      await this.act(model, world);
    } catch (error) {
      throw failedStep(world, error);
    }
  }
}

/** What a step picks among: the live assistants, the attachments, the deleted bases' names… */
export type Candidates<T> = (model: Readonly<AccountModel>) => readonly T[];

/** The live resources of a kind, in creation order: the candidates of most steps. */
export const live =
  (kind: 'assistants' | 'plugins' | 'bases'): Candidates<number> =>
  (model) =>
    model.live(kind);

/** The assistants or plugins the sequence deleted, in creation order. */
export const deleted =
  (kind: 'assistants' | 'plugins'): Candidates<number> =>
  (model) =>
    [...(kind === 'assistants' ? model.deletedAssistants : model.deletedPlugins)].sort((x, y) => x - y);

/**
 * The base of a step on one of `candidates`, the one its drawn number picks (by remainder, as
 * `picked`): it applies while there is one. A step with a further precondition adds it to
 * `super.check`; one that picks a second thing keeps a number of its own for it.
 */
export function StepOnOne<T>(candidates: Candidates<T>) {
  abstract class OnOne extends Step {
    constructor(
      /** Picks one of the candidates: any small number will do. */
      protected readonly pick: number,
    ) {
      super();
    }

    check(model: Readonly<AccountModel>): boolean {
      return candidates(model).length > 0;
    }

    /** The candidate the drawn number picks (fast-check runs a step only where `check` holds). */
    protected chosen(model: Readonly<AccountModel>): T {
      const one = picked(candidates(model), this.pick);
      if (one === undefined) throw new Error(`model: "${this.toString()}" ran with nothing to pick`);
      return one;
    }
  }
  return OnOne;
}

function firstLines(text: string, lines = 12): string {
  const all = text.split('\n');
  return all.length > lines ? [...all.slice(0, lines), '  …'].join('\n') : text;
}

/** The numbered steps of the sequence, the last one marked as the one that failed. */
export function numberedSteps(steps: readonly string[]): string {
  return steps
    .map((step, i) => `    ${i + 1}. ${step}${i === steps.length - 1 ? '   ← failed here' : ''}`)
    .join('\n');
}

/**
 * The error a failing step is reported with: the steps, what was wrong, the seed. A verdict (an
 * assertion, a ConformanceFailure, a setup step on one of the check's operations that got a wrong
 * answer) becomes a ConformanceFailure carrying the exchange it rests on (its own, or the last one
 * sent), whose message renders it as curl; a broken harness or network stays a HarnessError.
 */
export function failedStep(world: World, error: unknown): Error {
  const replay =
    world.runSeed === undefined
      ? ''
      : `\n  run seed ${world.runSeed}: \`conformance run --only ${world.replayArea} --seed ${world.runSeed}\` replays this run`;
  const head = `model-based sequence failed at step ${world.steps.length}:\n${numberedSteps(world.steps)}`;
  if (error instanceof HarnessError) return new HarnessError(`${head}\n  ${error.message}${replay}`);
  const own = error instanceof ConformanceFailure || error instanceof SetupError ? error : undefined;
  const assertion = error instanceof Error && error.name === 'AssertionError';
  // Anything else (a bug of the model, an answer that never came) is no verdict on the implementation.
  if (!own && !assertion) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new HarnessError(`${head}\n  ${reason}${replay}`);
  }
  const exchange: Exchange | undefined = own ? own.exchange : world.last;
  if (own && exchange !== undefined && exchange.response === undefined)
    return new HarnessError(`${head}\n  ${own.message}${replay}`);
  const what = own ? own.summary : (error as Error).message;
  return new ConformanceFailure(`${head}\n  ${firstLines(what)}${replay}`, exchange);
}
