import { expect } from 'vitest';
import { expectStatus } from '../../expect/status.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { judgeView, readView } from '../views/read.ts';
import { assistantJudged } from '../views/assistants.ts';
import { assistantList } from '../projection.ts';
import { expectAssistantRead, type World } from '../world.ts';

const CATALOG = { isPublic: 'public', isMainAgent: 'all', os: 'android' } as const;

/**
 * PUT updatePersona with only isPublic, the opposite of the assistant's: 200; then the shared
 * catalog (isPublic=public) holds it exactly while it is public, in account A's list and in
 * account B's (where the keyring has B's key), and get still shows the rest unchanged.
 */
export class PublishAssistant extends StepOnOne(live('assistants')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = this.chosen(model);
    const isPublic = !model.assistant(a).isPublic;
    world.nameStep(
      `${isPublic ? 'publish' : 'unpublish'} assistant#${a} (isPublic ${isPublic}), then read the shared catalog`,
    );
    const exchange = await world.client.call('updatePersona', {
      body: { personaId: world.assistantId(a), isPublic },
    });
    expectStatus(exchange, 200);
    model.updateAssistant(a, { isPublic });
    await expectAssistantRead(model, world, a);
    const readers = [
      ['owner', world.client],
      ...(world.other ? [['other', world.other] as const] : []),
    ] as const;
    for (const [viewer, client] of readers) {
      const what = `${viewer === 'owner' ? "account A's" : "account B's"} shared catalog (isPublic=public, os=android)`;
      const read = await readView(client, 'listPersonas', { ...CATALOG }, world, new Set());
      const found = judgeView(
        read,
        assistantList(model, CATALOG, viewer),
        assistantJudged(
          world,
          what,
          'isPublic=public is the shared catalog: an assistant is in it exactly while public',
          'AS-LIST-05',
        ),
      );
      if (found.has(a))
        expect(found.get(a)?.item.isPublic, `isPublic of assistant#${a} in ${what}`).toBe(isPublic);
    }
  }

  toString(): string {
    return 'publish or unpublish an assistant, then read the shared catalog';
  }
}
