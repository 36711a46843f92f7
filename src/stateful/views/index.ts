/**
 * The model as the oracle of every view: at a checkpoint (a drawn CheckViews step, and the end of
 * every sequence) each family of views is read and compared with the model's projection. A view
 * check throws what a command throws (an assertion, a ConformanceFailure); the step or the end of
 * the sequence reports it with the steps so far (step.ts).
 */
import type { AccountModel } from '../model.ts';
import type { World } from '../world.ts';
import { checkAssistantViews } from './assistants.ts';
import { checkOtherAccountViews } from './other-account.ts';
import { checkPluginViews } from './plugins.ts';
import { VIEW_STRIDE, type ViewCheck } from './read.ts';

/** Every family, in the order a checkpoint reads them. */
const VIEW_CHECKS: readonly ViewCheck[] = [checkAssistantViews, checkPluginViews, checkOtherAccountViews];

/** The page sizes a checkpoint walks pages with: 1, 2, 3, or the documented default (undefined). */
export const VIEW_LIMITS = [1, 2, 3, undefined] as const;

/**
 * Reads the views due at page size `limit` and compares them with the model: one in `stride` of
 * each family, which ones chosen by `turn` (a stride of 1 reads all).
 */
export async function checkViews(
  model: AccountModel,
  world: World,
  limit: (typeof VIEW_LIMITS)[number],
  turn = 0,
  stride = VIEW_STRIDE,
): Promise<void> {
  world.viewLimit = limit;
  world.viewTurn = turn;
  world.viewStride = stride;
  // One family after another: a failing plain assertion is reported with the world's last
  // exchange, which must be the failing family's own (read side by side, another family's request
  // could be the last one, a curl line unrelated to the failure).
  for (const check of VIEW_CHECKS) await check(model, world);
  model.exercised('AS-LIST-02');
  if (model.deletedAssistants.size > 0) model.exercised('AS-DELETE-02');
}
