import { pluginBody } from '../../resources/account.ts';
import { createPlugin, pluginObjectId } from '../../resources/plugins.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/** Plugins a sequence creates at most. */
const MAX_PLUGINS = 2;

/** POST createGlobalPlugin: 200; get then finds it, with the `_id` an assistant can reference. */
export class CreatePlugin extends Step {
  check(model: Readonly<AccountModel>): boolean {
    return model.created.plugin < MAX_PLUGINS;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const title = world.account.pluginTitle('sp');
    const body = pluginBody(title);
    const { forget } = await createPlugin(world.client, world.tracker, body);
    const objectId = await pluginObjectId(world.client, title);
    const n = model.createPlugin({
      name: String(body.name),
      human_description: String(body.human_description),
      isPublic: body.isPublic === true,
      tags: body.tags as string[],
      os: body.os as string[],
    });
    world.plugins.set(n, { id: { title, objectId }, forget });
  }

  toString(): string {
    return 'create plugin';
  }
}
