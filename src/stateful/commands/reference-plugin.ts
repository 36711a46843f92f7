import { expectStatus } from '../../expect/status.ts';
import { picked, type AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectAssistantRead, type World } from '../world.ts';

/**
 * PUT updatePersona with `accessible_plugin: [the plugin's _id]`: an array adds the ids (AS-UPDATE-07);
 * get then holds it, and still every other plugin the assistant had.
 */
export class ReferencePlugin extends StepOnOne(live('assistants')) {
  constructor(
    pick: number,
    /** Picks one of the live plugins. */
    private readonly pickPlugin: number,
  ) {
    super(pick);
  }

  override check(model: Readonly<AccountModel>): boolean {
    return super.check(model) && model.plugins.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = this.chosen(model);
    const p = picked(model.live('plugins'), this.pickPlugin) ?? -1;
    world.nameStep(`reference plugin#${p} from assistant#${a}`);
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
