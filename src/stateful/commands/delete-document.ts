import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import { TOP_K_MAX, type AccountModel } from '../model.ts';
import { StepOnOne } from '../step.ts';
import { expectBaseInStep, type World } from '../world.ts';

/**
 * DELETE /kb/{kbId}/documents/{docId}: 200 {status, deleted: true, docId, kbId}. A query for the
 * document's own word then returns none of its chunks (STATE-15), and the base no longer lists it,
 * its counts dropped by one and vectorCount lower when it had chunks (STATE-13, STATE-14).
 */
export class DeleteDocument extends StepOnOne((model) => model.liveDocuments()) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const d = this.chosen(model);
    const { base } = model.document(d);
    world.nameStep(`delete doc#${d} of base#${base}`);
    const kbId = world.kbId(base);
    // A re-crawl may have given a URL document a new id since it was last read.
    if (model.document(d).source === 'url')
      world.followRecrawled(model, base, await world.kb.documents(kbId));
    const docId = world.docId(d);
    const exchange = await world.kb.deleteDocument(kbId, docId);
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const answer = bodyOf(exchange);
    expect({ deleted: answer.deleted, docId: answer.docId, kbId: answer.kbId }, 'the delete answer').toEqual({
      deleted: true,
      docId,
      kbId,
    });
    const doc = model.deleteDocument(d);
    const { results } = await world.kb.query(kbId, doc.marker, TOP_K_MAX);
    expect(
      results.filter((r) => r.docId === docId),
      `results from deleted doc #${d}, for its own word`,
    ).toEqual([]);
    model.queried(base);
    await expectBaseInStep(model, world, base, doc.chunks > 0 ? 'down' : 'any');
  }

  toString(): string {
    return 'delete a document';
  }
}
