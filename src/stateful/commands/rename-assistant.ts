import { expect } from 'vitest';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf, objectsIn } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectAssistantRead, type World } from '../world.ts';

export type Renamed = 'name' | 'title' | 'name and title';

/**
 * PUT updatePersona with a new name and/or title (neither carrying the sequence's words): 200;
 * get shows the name, and a search for the new name (or title) under os=android finds the
 * assistant with its new name: a search index refreshed by the update. What a search for the
 * former name finds is recorded by the views (how loosely search matches is not stated).
 */
export class RenameAssistant extends StepOnOne(live('assistants')) {
  constructor(
    pick: number,
    private readonly renamed: Renamed,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = this.chosen(model);
    world.nameStep(this.describe(`assistant#${a}`));
    const personaId = world.assistantId(a);
    const update = {
      ...(this.renamed !== 'title' ? { name: `Conformance ${world.account.unique('renamed')}` } : {}),
      ...(this.renamed !== 'name' ? { title: `Retitled ${world.account.unique('role')}` } : {}),
    };
    expectStatus(await world.client.call('updatePersona', { body: { personaId, ...update } }), 200);
    model.updateAssistant(a, update);
    await expectAssistantRead(model, world, a);
    for (const term of Object.values(update)) {
      const exchange = await world.client.call('searchPersonas', {
        query: { search: term, os: 'android', limit: 200 },
      });
      expectStatus(exchange, 200);
      const item = objectsIn(bodyOf(exchange), 'allPersonas').find((i) => i.customPersonaId === personaId);
      expect(
        item?.name,
        `assistant#${a} in a search for its new ${term === update.name ? 'name' : 'title'}`,
      ).toBe(model.assistant(a).name);
    }
  }

  toString(): string {
    return this.describe('an assistant');
  }

  private describe(assistant: string): string {
    return `rename ${assistant} (${this.renamed}), then search for it`;
  }
}
