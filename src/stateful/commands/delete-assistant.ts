import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf, objectsIn } from '../../http/json.ts';
import { getAssistant, SESSION_ID } from '../../resources/assistants.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';

/**
 * DELETE deletePersona: 200 {status, message}; get then answers 400 (an id the account cannot
 * see), the bases reported for its id no longer include the ones attached (whatever status that
 * route answers), and those bases remain.
 */
export class DeleteAssistant extends StepOnOne(live('assistants')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const a = this.chosen(model);
    world.nameStep(`delete assistant#${a}`);
    const personaId = world.assistantId(a);
    const exchange = await world.client.call('deletePersona', { path: { sessionId: SESSION_ID, personaId } });
    expectStatus(exchange, 200);
    world.forget('assistants', a);
    expectSchema(world.spec, exchange);
    const attached = model.deleteAssistant(a);
    expectStatus(await getAssistant(world.client, personaId), 400);
    if (attached.length === 0) return;
    const after = await world.client.call('listPersonaKnowledgeBases', { path: { personaId } });
    const kbIds = attached.map((b) => world.kbId(b));
    expect(
      objectsIn(bodyOf(after), 'kbs').filter((kb) => kbIds.includes(String(kb.kbId))),
      `bases reported for the deleted assistant #${a}`,
    ).toEqual([]);
    const listed = new Set((await world.kb.listBases()).map((kb) => kb.kbId));
    for (const b of attached)
      expect(listed.has(world.kbId(b)), `base #${b}, attached to the deleted assistant, still listed`).toBe(
        true,
      );
  }

  toString(): string {
    return 'delete an assistant';
  }
}
