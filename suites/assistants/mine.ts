import type { CheckContext } from '../../src/harness/check.ts';
import type { BodyOverrides } from '../../src/generate/overrides.ts';

/** Creates assistants of account A (role `full`), one per set of overrides; returns their ids. */
export async function createMine(
  { make }: Pick<CheckContext, 'make'>,
  ...variants: BodyOverrides[]
): Promise<string[]> {
  const ids: string[] = [];
  for (const overrides of variants) ids.push((await make().assistant(overrides)).customPersonaId);
  return ids;
}
