import { SetupError } from '../../checks/failure.ts';
import { stableErrorSummary } from '../../checks/stable-summary.ts';
import type { TrackedKind } from '../../resources/kinds/registry.ts';
import type { World } from '../world.ts';

/**
 * A create under the identity of a resource the sequence deleted (an assistant's customPersonaId,
 * a plugin's title), through the world. Whether a deleted identity can be taken again is not
 * stated: the answer is recorded under `requirement` either way. A refusal (a 4xx) returns
 * undefined, for the command to judge that the old one stays gone; any other answer but the
 * documented success still fails the step (as a SetupError).
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
