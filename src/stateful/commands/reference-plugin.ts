import { expectStatus } from '../../checks/status.ts';
import { picked, type AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import { expectAssistantRead, type World } from '../world.ts';

/**
 * PUT updatePersona with `accessible_plugin: [the plugin's _id]`: an array adds the ids (AS-UPDATE-07);
 * get then holds it, and still every other plugin the assistant had.
 */
export class ReferencePlugin extends Step {
  constructor(
    /** Picks one of the live assistants, and one of the live plugins. */
    private readonly pickAssistant: number,
    private readonly pickPlugin: number,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.assistants.size > 0 && model.plugins.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = picked(model.live('assistants'), this.pickAssistant) ?? -1;
    const p = picked(model.livePlugins(), this.pickPlugin) ?? -1;
    world.steps[world.steps.length - 1] = `reference plugin#${p} from assistant#${a}`;
    const exchange = await world.client.call('updatePersona', {
      body: { personaId: world.assistantId(a), accessible_plugin: [world.plugin(p).objectId] },
    });
    expectStatus(exchange, 200);
    model.addPlugins(a, [p]);
    await expectAssistantRead(model, world, a);
  }

  toString(): string {
    return 'reference a plugin from an assistant';
  }
}
