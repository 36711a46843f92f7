import { expect } from 'vitest';
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import { findInCollection } from '../../resources/pages.ts';
import { readPlugin } from '../../resources/plugins.ts';
import type { AccountModel, PluginUpdate } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);

const sameSet = (values: unknown, expected: readonly string[]): boolean =>
  JSON.stringify(sorted(values)) === JSON.stringify([...expected].sort());

/**
 * PUT updateGlobalPlugin addressed by title, with a new name and/or human_description: 200
 * {status: boolean, message}; get then shows the plugin under the same title and _id with the
 * fields sent, and the caller's own catalog (the list under isPublic=private) still holds it.
 * Whether the fields not sent keep their values is not stated for a plugin (unlike the assistant
 * update, documented as partial): name, human_description and isPublic in get, tags and os in the
 * list are compared with the model's and the outcome recorded, never judged.
 */
export class UpdatePlugin extends StepOnOne(live('plugins')) {
  constructor(
    pick: number,
    private readonly rename: boolean,
    private readonly redescribe: boolean,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const p = this.chosen(model);
    world.nameStep(this.describe(`plugin#${p}`));
    const { title, objectId } = world.plugin(p);
    // An update always sends something: a new name when human_description is not drawn.
    const update: PluginUpdate = {
      ...(this.sendsName ? { name: `Conformance ${world.account.unique('plugin-renamed')}` } : {}),
      ...(this.redescribe
        ? { human_description: `Rewritten by the conformance suite (${world.account.unique('text')}).` }
        : {}),
    };
    const exchange = await world.client.call('updatePlugin', { body: { title, ...update } });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    // `status` is a boolean on plugin update; which value a success carries is not stated.
    expect(typeof bodyOf(exchange).status, 'type of status in the plugin update answer').toBe('boolean');
    // The model keeps what an update does not send (a partial update): the reading recorded below.
    const expected = model.updatePlugin(p, update);
    const plugin = await readPlugin(world.client, title);
    expect([plugin._id, plugin.title], `_id and title of plugin #${p}`).toEqual([objectId, title]);
    const sent = Object.keys(update) as Array<keyof PluginUpdate>;
    expect(
      sent.map((field) => plugin[field]),
      `${sent.join(', ')} of plugin #${p}, as sent`,
    ).toEqual(sent.map((field) => update[field]));
    const { items } = await findInCollection(world.client, 'listPlugins', 'title', [title], {
      query: { isPublic: 'private' },
    });
    const item = items.get(title);
    if (item === undefined)
      throw new ConformanceFailure(
        `Received: plugin #${p} not listed under isPublic=private / Documented: the caller's own catalog`,
        world.last,
      );
    // The fields not sent, against the model's values (what a partial update leaves): recorded.
    const unsent: Array<[string, boolean]> = [
      ...(['name', 'human_description'] as const)
        .filter((field) => update[field] === undefined)
        .map((field): [string, boolean] => [field, plugin[field] === expected[field]]),
      ['isPublic', plugin.isPublic === expected.isPublic],
      ['tags', sameSet(item.tags, expected.tags)],
      ['os', sameSet(item.os, expected.os)],
    ];
    world.observe(
      'PL-UPDATE-03',
      `fields not sent in a plugin update of ${sent.join(' and ')}`,
      unsent.map(([field, kept]) => `${field} ${kept ? 'kept' : 'changed'}`).join(', '),
    );
  }

  toString(): string {
    return this.describe('a plugin');
  }

  private get sendsName(): boolean {
    return this.rename || !this.redescribe;
  }

  private describe(plugin: string): string {
    const what = [...(this.sendsName ? ['name'] : []), ...(this.redescribe ? ['human_description'] : [])];
    return `update ${plugin} by title (${what.join(', ')})`;
  }
}
