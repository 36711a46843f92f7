import { expect } from 'vitest';
import { ConformanceFailure } from '../../checks/failure.ts';
import { expectSchema } from '../../checks/schema.ts';
import { stableErrorSummary } from '../../checks/stable-summary.ts';
import { expectStatus } from '../../checks/status.ts';
import { assistantObjectId, getAssistant, readAssistant } from '../../resources/assistants.ts';
import { bodyOf } from '../../http/json.ts';
import { picked, type AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/**
 * POST transferOwnership of a live assistant, addressed by its object `_id`, to account B's owner
 * (`newOwnerEmail`), with keepAccess true, false or left out (default false): 200; with keepAccess
 * true the answer carries `note`. B's get then shows it (B owns it). Without keepAccess A's update
 * of it is a 400 (A no longer owns it), and what A's get answers is recorded; with keepAccess A
 * stays a full-access editor: its update is a 200 and its get shows the new name. From then on the
 * model holds it as B's: no later step addresses it as A's, and B's key deletes it at the end.
 */
export class TransferAssistant extends Step {
  constructor(
    /** Picks one of the live assistants. */
    private readonly pick: number,
    private readonly keepAccess: boolean | undefined,
    /** Whether the keyring has account B's key and its owner's email (the transfer target). */
    private readonly available: boolean,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return this.available && model.assistants.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const target = world.transferTo;
    if (target === undefined) throw new Error('model: a transfer was drawn without account B');
    const a = picked(model.live('assistants'), this.pick) ?? -1;
    world.steps[world.steps.length - 1] = this.describe(`assistant#${a}`);
    const customPersonaId = world.assistantId(a);
    const visibility = model.assistant(a).isPublic ? 'public' : 'private';
    const objectId = await assistantObjectId(world.client, customPersonaId);
    world.handingOver(a, target.client);
    const exchange = await world.client.call('transferOwnership', {
      path: { personaId: objectId },
      body: {
        newOwnerEmail: target.email,
        ...(this.keepAccess !== undefined ? { keepAccess: this.keepAccess } : {}),
      },
    });
    if (exchange.response?.status === 200) world.handedOver(a, target.client);
    expectStatus(exchange, 200);
    const keepAccess = this.keepAccess === true;
    const transferred = model.transferAssistant(a, keepAccess);
    expectSchema(world.spec, exchange);
    if (keepAccess && !('note' in bodyOf(exchange)))
      throw new ConformanceFailure(
        'Received: no note / Documented: note is present when access is retained',
        exchange,
      );
    const asB = await readAssistant(target.client, customPersonaId);
    expect(
      { customPersonaId: asB.customPersonaId, name: asB.name },
      `transferred assistant #${a} as account B gets it`,
    ).toEqual({ customPersonaId, name: transferred.name });
    // A's update of it: a 400 once A no longer owns it; a 200 for a full-access editor.
    const name = `Conformance ${world.account.unique('transferred')}`;
    const update = await world.client.call('updatePersona', { body: { personaId: customPersonaId, name } });
    if (!keepAccess) {
      expectStatus(update, 400);
      const get = await getAssistant(world.client, customPersonaId);
      world.observe(
        'AS-TRANSFER-06',
        `get of a ${visibility} assistant by the former owner without keepAccess: ${get.response?.status === 200 ? 'HTTP 200, the assistant shown' : stableErrorSummary(get, world.prefix)}`,
      );
      return;
    }
    expectStatus(update, 200);
    model.renameTransferred(a, name);
    expect(
      (await readAssistant(world.client, customPersonaId)).name,
      `name of assistant #${a} as A, kept as editor, gets it`,
    ).toBe(name);
  }

  toString(): string {
    return this.describe('an assistant');
  }

  private describe(assistant: string): string {
    const keep = this.keepAccess === undefined ? 'keepAccess left out' : `keepAccess ${this.keepAccess}`;
    return `transfer ${assistant} to account B (${keep})`;
  }
}
