import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectShareToken, SHARE_PREFIX, shapeOf } from '../../expect/share-token.ts';
import { stableErrorSummary } from '../../expect/stable-summary.ts';
import { expectStatus } from '../../expect/status.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf } from '../../http/json.ts';
import { picked, type AccountModel } from '../model.ts';
import { deleted, Step } from '../step.ts';
import type { World } from '../world.ts';

/**
 * POST sharePersona for a live assistant of the run: 200 {status: boolean, message, data} where
 * data is a token beginning con_sh_ (whether more follows the prefix is recorded); nothing else
 * changes. For an assistant the run deleted, what the share answers is not stated (only that the
 * delete removed the links minted before it): the answer is recorded, never judged.
 */
export class ShareAssistant extends Step {
  constructor(
    /** Picks one of the live assistants, or of the deleted ones. */
    private readonly pick: number,
    private readonly deleted: boolean,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return this.deleted ? model.deletedAssistants.size > 0 : model.assistants.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    if (this.deleted) return this.shareDeleted(model, world);
    const a = picked(model.live('assistants'), this.pick) ?? -1;
    world.nameStep(`share assistant#${a}`);
    const exchange = await share(world, world.assistantId(a));
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const body = bodyOf(exchange);
    expect(typeof body.status, 'type of status in the share answer').toBe('boolean');
    expect(typeof body.message, 'type of message in the share answer').toBe('string');
    const token = expectShareToken(exchange);
    // Only the beginning is documented: whether more follows is recorded, not judged.
    world.observe(
      'AS-SHARE-03',
      'share token',
      token.length > SHARE_PREFIX.length ? `${SHARE_PREFIX} and more` : `${SHARE_PREFIX} alone`,
    );
    model.shareAssistant(a);
  }

  private async shareDeleted(model: AccountModel, world: World): Promise<void> {
    const a = picked(deleted('assistants')(model), this.pick) ?? -1;
    world.nameStep(`share deleted assistant#${a} (recorded)`);
    const exchange = await share(world, required(world.deletedAssistants.get(a), a));
    world.observe('AS-SHARE-02', 'share of an assistant after its delete', answered(exchange, world.prefix));
  }

  toString(): string {
    return this.deleted ? 'share a deleted assistant (recorded)' : 'share an assistant';
  }
}

function share(world: World, customPersonaId: string): Promise<Exchange> {
  return world.client.call('sharePersona', { path: { customPersonaId } });
}

/** The answer as recorded: a success by its shape (a token is a secret), anything else as an error. */
function answered(exchange: Exchange, prefix: string): string {
  const status = exchange.response?.status;
  if (status === undefined || status < 200 || status >= 300) return stableErrorSummary(exchange, prefix);
  return `HTTP ${status}, status ${JSON.stringify(bodyOf(exchange).status)}, data ${shapeOf(bodyOf(exchange).data)}`;
}

function required(id: string | undefined, a: number): string {
  if (id === undefined) throw new Error(`model: deleted assistant #${a} was not deleted by this sequence`);
  return id;
}
