import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { findInCollection } from '../../resources/pages.ts';
import { foundOwnPlugin, getPlugin } from '../../resources/plugins.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';

/**
 * DELETE deleteGlobalPlugin by title: 200 {status, message} also while assistants reference it
 * (nothing blocks the delete, STATE-12); it is then in neither catalog (STATE-10) and get no
 * longer finds it. What the referencing assistants' accessible_plugin then shows is not stated.
 */
export class DeletePlugin extends StepOnOne(live('plugins')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const p = this.chosen(model);
    const referenced = model.live('assistants').filter((a) => model.assistant(a).plugins.has(p));
    world.nameStep(
      `delete plugin#${p}${referenced.length > 0 ? ` (referenced by ${referenced.map((a) => `assistant#${a}`).join(', ')})` : ''}`,
    );
    const { title } = world.plugin(p);
    const exchange = await world.client.call('deletePlugin', { body: { title } });
    expectStatus(exchange, 200);
    world.forget('plugins', p);
    expectSchema(world.spec, exchange);
    model.deletePlugin(p);
    for (const isPublic of ['public', 'private']) {
      const { found } = await findInCollection(world.client, 'listPlugins', 'title', [title], {
        query: { isPublic },
      });
      expect(found.size, `deleted plugin#${p} in the isPublic=${isPublic} catalog`).toBe(0);
    }
    expect(foundOwnPlugin(await getPlugin(world.client, title), title), `get of deleted plugin#${p}`).toBe(
      false,
    );
  }

  toString(): string {
    return 'delete a plugin';
  }
}
