import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectAssistantRead, type World } from '../world.ts';

/**
 * PUT updatePersona with a new name and/or isPublic: 200 {status: boolean, message}; get then shows
 * the fields sent and keeps the rest (a partial update), attachments and plugins included.
 */
export class UpdateAssistant extends StepOnOne(live('assistants')) {
  constructor(
    pick: number,
    private readonly rename: boolean,
    private readonly isPublic: boolean | undefined,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = this.chosen(model);
    world.nameStep(this.describe(`assistant#${a}`));
    const personaId = world.assistantId(a);
    // An update always sends something: a rename when isPublic is not drawn.
    const rename = this.rename || this.isPublic === undefined;
    const name = rename ? `Conformance ${world.account.unique('renamed')}` : undefined;
    const update = {
      ...(name !== undefined ? { name } : {}),
      ...(this.isPublic !== undefined ? { isPublic: this.isPublic } : {}),
    };
    const exchange = await world.client.call('updatePersona', { body: { personaId, ...update } });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    // `status` is a boolean on assistant routes; which value a success carries is not stated.
    expect(typeof bodyOf(exchange).status, 'type of status in the update answer').toBe('boolean');
    model.updateAssistant(a, update);
    await expectAssistantRead(model, world, a);
  }

  toString(): string {
    return this.describe('an assistant');
  }

  private describe(assistant: string): string {
    const what = [
      ...(this.rename || this.isPublic === undefined ? ['name'] : []),
      ...(this.isPublic !== undefined ? [`isPublic ${this.isPublic}`] : []),
    ];
    return `update ${assistant} (${what.join(', ')})`;
  }
}
