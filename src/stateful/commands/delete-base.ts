import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf, objectsIn } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectAttachmentsOfAssistant, type World } from '../world.ts';

/**
 * DELETE /kb/{kbId}: 200 {status, deleted: true, kbId}. The base is no longer listed, every
 * attachment of it is gone from its assistants (KB-ATTACH-13), and its documents' chunks are no
 * longer served: a query on it, whatever status it answers, returns none (KB-ATTACH-14).
 */
export class DeleteBase extends StepOnOne(live('bases')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    const attachedTo = model.live('assistants').filter((a) => model.isAttached(a, b));
    world.nameStep(
      `delete base#${b}${attachedTo.length > 0 ? ` (attached to ${attachedTo.map((a) => `assistant#${a}`).join(', ')})` : ''}`,
    );
    const kbId = world.kbId(b);
    const markers = [...model.base(b).documents.values()].map((doc) => doc.marker);
    const exchange = await world.client.call('deleteKnowledgeBase', { path: { kbId } });
    expectStatus(exchange, 200);
    world.forget('bases', b);
    expectSchema(world.spec, exchange);
    expect({ deleted: bodyOf(exchange).deleted, kbId: bodyOf(exchange).kbId }, 'the delete answer').toEqual({
      deleted: true,
      kbId,
    });
    const { detachedFrom } = model.deleteBase(b);
    expect(
      (await world.kb.listBases()).some((kb) => kb.kbId === kbId),
      `deleted base #${b} in the list of bases`,
    ).toBe(false);
    for (const a of detachedFrom) await expectAttachmentsOfAssistant(model, world, a);
    const [marker] = markers;
    if (marker !== undefined) {
      const query = await world.client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query: marker, topK: 20 },
      });
      expect(objectsIn(bodyOf(query), 'results'), `results of a query on deleted base #${b}`).toEqual([]);
    }
  }

  toString(): string {
    return 'delete a base';
  }
}
