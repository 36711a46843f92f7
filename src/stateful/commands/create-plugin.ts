import { echoPluginBody } from '../../resources/drafts.ts';
import { PLUGIN } from '../../resources/kinds/plugin.ts';
import { pluginObjectId } from '../../resources/plugins.ts';
import type { AccountModel, ModelPlugin } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/** Plugins a sequence creates at most. */
const MAX_PLUGINS = 2;

/** The platforms a plugin of the model targets: always android (the quiet views' filter). */
export const PLUGIN_PLATFORMS = [['android'], ['android', 'web'], ['nt', 'android']] as const;

/**
 * The create body of a plugin of the sequence: its title carries the sequence's plugin word, and
 * every other text field carries the title (which fields a plugin search covers is not stated, so
 * a search for the word, or for the title, finds it whichever it covers).
 */
export function modelPluginBody(
  world: World,
  title: string,
  isPublic: boolean,
  os: readonly string[],
): Record<string, unknown> {
  return {
    ...echoPluginBody(title),
    name: `Conformance ${title}`,
    human_description: `Echoes its argument (${title}); created by the conformance suite.`,
    ai_description: `Call ${title} with a word; it returns the same word.`,
    tags: ['conformance', world.pluginTerm],
    os: [...os],
    isPublic,
  };
}

/** The model's plugin for a create body. */
export function modelPlugin(body: Record<string, unknown>): ModelPlugin {
  return {
    name: String(body.name),
    human_description: String(body.human_description),
    isPublic: body.isPublic === true,
    tags: body.tags as string[],
    os: body.os as string[],
    plaintexts: [String(body.func_run), String(body.func_schema)],
  };
}

/** POST createGlobalPlugin: 200; get then finds it, with the `_id` an assistant can reference. */
export class CreatePlugin extends Step {
  constructor(
    private readonly isPublic = false,
    private readonly os: readonly string[] = ['android'],
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.plugin < MAX_PLUGINS;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const title = `${world.pluginTerm}_sp${model.created.plugin}`;
    const body = modelPluginBody(world, title, this.isPublic, this.os);
    const { forget } = await world.create(PLUGIN, body);
    const objectId = await pluginObjectId(world.client, title);
    const n = model.createPlugin(modelPlugin(body));
    world.plugins.set(n, { id: { title, objectId }, forget });
  }

  toString(): string {
    return `create plugin (${this.isPublic ? 'public, ' : ''}os ${this.os.join(',')})`;
  }
}
