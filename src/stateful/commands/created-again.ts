import { SetupError } from '../../expect/failure.ts';
import { stableErrorSummary } from '../../expect/stable-summary.ts';
import { ASSISTANT } from '../../resources/kinds/assistant.ts';
import { PLUGIN } from '../../resources/kinds/plugin.ts';
import type { TrackedKind } from '../../resources/kinds/kind.ts';
import type { AccountModel } from '../model.ts';
import { deleted, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';

/** Resources of a kind created again under a deleted one's identity, at most, per sequence. */
const MAX_AGAIN = 2;

/** What is taken again, and where the answer is recorded. */
const AGAIN = {
  assistants: {
    kind: ASSISTANT,
    requirement: 'IDS-06',
    situation: "a create under a deleted assistant's customPersonaId",
  },
  plugins: { kind: PLUGIN, requirement: 'IDS-11', situation: "a create under a deleted plugin's title" },
} as const;

/**
 * The base of a step creating an assistant or a plugin again under the identity of one the
 * sequence deleted (its customPersonaId, its title), public or not as drawn: it applies while one
 * was deleted, at most MAX_AGAIN times a sequence.
 */
export function CreateAgainStep(of: 'assistants' | 'plugins') {
  const { kind, requirement, situation } = AGAIN[of];
  abstract class Again extends StepOnOne(deleted(of)) {
    constructor(
      pick: number,
      protected readonly isPublic: boolean,
    ) {
      super(pick);
    }

    override check(model: Readonly<AccountModel>): boolean {
      return super.check(model) && (model.coverage.get(requirement) ?? 0) < MAX_AGAIN;
    }

    /** The create, recorded (`createdAgain`): undefined where it was refused. */
    protected createAgain(world: World, body: Record<string, unknown>) {
      return createdAgain(world, kind, body, requirement, situation);
    }
  }
  return Again;
}

/**
 * A create under the identity of a resource the sequence deleted, through the world. Whether a
 * deleted identity can be taken again is not stated: the answer is recorded under `requirement`
 * either way. A refusal (a 4xx) returns undefined, for the command to judge that the old one stays
 * gone; any other answer but the documented success still fails the step (as a SetupError).
 */
export async function createdAgain(
  world: World,
  kind: TrackedKind,
  body: Record<string, unknown>,
  requirement: string,
  situation: string,
): Promise<{ id: string; forget: () => void } | undefined> {
  try {
    const created = await world.create(kind, body);
    world.observe(requirement, situation, 'HTTP 200');
    return created;
  } catch (error) {
    const refusal = error instanceof SetupError ? error.exchange : undefined;
    const status = refusal?.response?.status;
    if (refusal === undefined || status === undefined || status < 400 || status >= 500) throw error;
    world.observe(requirement, situation, stableErrorSummary(refusal, world.prefix));
    return undefined;
  }
}
