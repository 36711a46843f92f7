import { expect } from 'vitest';
import { foundOwnPlugin, getPlugin, readPlugin } from '../../resources/plugins.ts';
import { requireObjectId } from '../../resources/setup.ts';
import type { AccountModel } from '../model.ts';
import type { World } from '../world.ts';
import { CreateAgainStep } from './created-again.ts';
import { modelPlugin, modelPluginBody } from './create-plugin.ts';

/**
 * POST createGlobalPlugin with the title of a plugin the sequence deleted, a new name and new code.
 * Whether a deleted title can be taken again is not stated: the answer is recorded. Where it is a
 * 200, get shows the new plugin (its name, human_description, isPublic) and every later view
 * judges it as any other; where it is refused, the old one stays gone (get does not find it).
 */
export class RecreatePlugin extends CreateAgainStep('plugins') {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const p = this.chosen(model);
    world.nameStep(this.describe(`plugin#${p}`));
    const old = world.deletedPlugins.get(p);
    if (old === undefined) throw new Error(`model: deleted plugin #${p} has no title`);
    const { title } = old;
    const body = modelPluginBody(world, title, this.isPublic, ['android', 'web']);
    body.name = `Conformance successor ${title}`;
    body.func_run = `def _run(self, word):\n    return word + '${world.account.unique('again')}'\n`;
    const created = await this.createAgain(world, body);
    if (created === undefined) {
      expect(
        foundOwnPlugin(await getPlugin(world.client, title), title),
        `get of the deleted plugin#${p}`,
      ).toBe(false);
      return;
    }
    const plugin = await readPlugin(world.client, title);
    const n = model.recreatePlugin(p, modelPlugin(body));
    world.plugins.set(n, {
      id: { title, objectId: requireObjectId(`get plugin ${title}`, plugin) },
      forget: created.forget,
    });
    const expected = model.plugin(n);
    expect(
      { name: plugin.name, human_description: plugin.human_description, isPublic: plugin.isPublic },
      `get of plugin#${n}, created again under plugin#${p}'s title`,
    ).toEqual({
      name: expected.name,
      human_description: expected.human_description,
      isPublic: expected.isPublic,
    });
  }

  toString(): string {
    return this.describe('a deleted plugin');
  }

  private describe(plugin: string): string {
    return `create ${plugin} again under its title${this.isPublic ? ' (public)' : ''}`;
  }
}
