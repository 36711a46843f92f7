import { expect } from 'vitest';
import { expectEncrypted } from '../../expect/ciphertext.ts';
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { findInCollection } from '../../resources/pages.ts';
import { readPlugin } from '../../resources/plugins.ts';
import type { AccountModel, PluginRewrite } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';
import { PLUGIN_PLATFORMS } from './create-plugin.ts';

/**
 * PUT updateGlobalPlugin sending every field the model holds: a new name and human_description
 * (still carrying the title), tags, os drawn, isPublic flipped or kept (publish, unpublish), and
 * new code (func_run, func_schema). 200; get shows the fields as sent under the same _id, and the
 * caller's own catalog lists it with its new code encrypted (none of the code ever sent in clear
 * or merely encoded). Every later view judges the rest (the public catalogs of both accounts).
 */
export class RewritePlugin extends StepOnOne(live('plugins')) {
  constructor(
    pick: number,
    private readonly flip: boolean,
    /** Picks the platforms (always android, perhaps another). */
    private readonly platforms: number,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const p = this.chosen(model);
    const current = model.plugin(p);
    const isPublic = this.flip ? !current.isPublic : current.isPublic;
    world.nameStep(this.describe(`plugin#${p}`, isPublic));
    const { title, objectId } = world.plugin(p);
    const mark = world.account.unique('rewritten');
    const rewrite: PluginRewrite = {
      name: `Conformance ${title} ${mark}`,
      human_description: `Echoes its argument (${title}), rewritten (${mark}).`,
      isPublic,
      tags: ['conformance', world.pluginTerm, 'rewritten'],
      os: [...PLUGIN_PLATFORMS[this.platforms % PLUGIN_PLATFORMS.length]!],
      func_run: `def _run(self, word):\n    return word + ' (${mark})'\n`,
      func_schema: JSON.stringify({
        name: title,
        description: `rewritten ${mark}`,
        parameters: { type: 'object', properties: { word: { type: 'string' } } },
      }),
    };
    const exchange = await world.client.call('updatePlugin', { body: { title, ...rewrite } });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const expected = model.rewritePlugin(p, rewrite);
    const plugin = await readPlugin(world.client, title);
    expect(
      {
        _id: plugin._id,
        name: plugin.name,
        human_description: plugin.human_description,
        isPublic: plugin.isPublic,
      },
      `get of plugin#${p} after the update`,
    ).toEqual({
      _id: objectId,
      name: expected.name,
      human_description: expected.human_description,
      isPublic,
    });
    let page = world.last;
    const { items } = await findInCollection(world.client, 'listPlugins', 'title', [title], {
      query: { isPublic: 'private' },
      onPage: (listed) => (page = listed),
    });
    const item = items.get(title);
    if (item === undefined || page === undefined)
      throw new ConformanceFailure(
        `Received: plugin#${p} not listed under isPublic=private after its update / Documented: the caller's own catalog`,
        page,
      );
    expectEncrypted(page, item, 'func_run', expected.plaintexts ?? []);
    expectEncrypted(page, item, 'func_schema', expected.plaintexts ?? []);
  }

  toString(): string {
    return this.describe('a plugin', undefined);
  }

  private describe(plugin: string, isPublic: boolean | undefined): string {
    const publish = this.flip
      ? isPublic === undefined
        ? 'publish or unpublish'
        : isPublic
          ? 'publish'
          : 'unpublish'
      : 'isPublic kept';
    return `update every field of ${plugin} (${publish}, new code)`;
  }
}
