import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { stableErrorSummary } from '../../expect/stable-summary.ts';
import { expectStatus } from '../../expect/status.ts';
import { assistantObjectId, getAssistant } from '../../resources/assistants.ts';
import { bodyOf, isObject } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { checkViews, type VIEW_LIMITS } from '../views/index.ts';
import { expectShownToB } from '../views/other-account.ts';
import type { World } from '../world.ts';

/**
 * POST transferOwnership of a live assistant, addressed by its object `_id`, to account B's owner
 * (`newOwnerEmail`), with keepAccess true, false or left out (default false): 200; with keepAccess
 * true the answer carries `note`. How soon the transfer takes effect, what A can still read or
 * update afterwards (the document says a non-owner's update is a 400, and that with keepAccess A
 * "stays as a full-access editor") and what B's get shows right away are not stated: B's get, A's
 * update and A's get are recorded, never judged. From then on the model holds it as B's: no later
 * step addresses it as A's, and the cleanup deletes it with B's key (then A's, wherever it is).
 * Then every view of both accounts is read and compared with the model (views/): B's get shows
 * it as B's (asked again until it does, within the index deadline), and nothing else moved.
 */
export class TransferAssistant extends StepOnOne(live('assistants')) {
  constructor(
    pick: number,
    private readonly keepAccess: boolean | undefined,
    /** Whether the keyring has account B's key and its owner's email (the transfer target). */
    private readonly available: boolean,
    /** The page size the views after the transfer walk pages with. */
    private readonly limit: (typeof VIEW_LIMITS)[number] = undefined,
    /** Which share of the views the checkpoint after it reads. */
    private readonly turn = 0,
  ) {
    super(pick);
  }

  override check(model: Readonly<AccountModel>): boolean {
    return this.available && super.check(model);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const target = world.transferTo;
    if (target === undefined) throw new Error('model: a transfer was drawn without account B');
    const a = this.chosen(model);
    world.nameStep(this.describe(`assistant#${a}`));
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
    if (exchange.response?.status === 200) world.handedOver(a);
    expectStatus(exchange, 200);
    const keepAccess = this.keepAccess === true;
    const transferred = model.transferAssistant(a, keepAccess);
    expectSchema(world.spec, exchange);
    if (keepAccess && !('note' in bodyOf(exchange)))
      throw new ConformanceFailure(
        'Received: no note / Documented: note is present when access is retained',
        exchange,
      );
    const access = this.access;
    const asB = await getAssistant(target.client, customPersonaId);
    const shown = bodyOf(asB).personaData;
    world.observe(
      'AS-TRANSFER-04',
      "account B's get right after the transfer",
      asB.response?.status === 200
        ? isObject(shown) && shown.customPersonaId === customPersonaId && shown.name === transferred.name
          ? 'HTTP 200, the assistant with its customPersonaId and name'
          : 'HTTP 200, not the assistant with its customPersonaId and name'
        : stableErrorSummary(asB, world.prefix),
    );
    // What the former owner can still do: recorded (a rename of B's assistant, if it is allowed).
    const name = `Conformance ${world.account.unique('transferred')}`;
    const update = await world.client.call('updatePersona', { body: { personaId: customPersonaId, name } });
    world.observe(
      keepAccess ? 'AS-TRANSFER-07' : 'AS-TRANSFER-06',
      `update by the former owner right after a transfer (${access})`,
      stableErrorSummary(update, world.prefix),
    );
    if (keepAccess && update.response?.status === 200) model.renameTransferred(a, name);
    if (!keepAccess && update.response?.status === 200) world.nameUnsure.add(a);
    const get = await getAssistant(world.client, customPersonaId);
    world.observe(
      keepAccess ? 'AS-TRANSFER-07' : 'AS-TRANSFER-06',
      `get of a ${visibility} assistant by the former owner right after a transfer (${access})`,
      get.response?.status === 200 ? 'HTTP 200, the assistant shown' : stableErrorSummary(get, world.prefix),
    );
    if (world.other) await expectShownToB(model, world, world.other, a);
    await checkViews(model, world, this.limit, this.turn);
  }

  toString(): string {
    return this.describe('an assistant');
  }

  private get access(): string {
    return this.keepAccess === undefined ? 'keepAccess left out' : `keepAccess ${this.keepAccess}`;
  }

  private describe(assistant: string): string {
    return `transfer ${assistant} to account B (${this.access}), then check every view of both accounts`;
  }
}
