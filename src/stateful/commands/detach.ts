import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { StepOnOne } from '../step.ts';
import { expectAttachmentsOfAssistant, listedBaseWhen, type World } from '../world.ts';

/**
 * DELETE /kb/{kbId}/personas/{personaId} on an attached base: 200 {status, kbId, personaId,
 * detached: true}; the assistant's bases no longer hold it, and the base remains with its documents
 * (KB-ATTACH-11).
 */
export class Detach extends StepOnOne((model) => model.attachments()) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const [a, b] = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `assistant#${a}`));
    const kbId = world.kbId(b);
    const personaId = world.assistantId(a);
    const exchange = await world.kb.detach(kbId, personaId);
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const answer = bodyOf(exchange);
    expect(
      { kbId: answer.kbId, personaId: answer.personaId, detached: answer.detached },
      'the answer',
    ).toEqual({
      kbId,
      personaId,
      detached: true,
    });
    model.detach(a, b);
    await expectAttachmentsOfAssistant(model, world, a);
    // The base and its documents remain; when docsCount reflects the last ingest or delete is not
    // stated, so it is asked again until it does or the index deadline passes.
    const documents = model.counts(b).documents;
    const listed = await listedBaseWhen(world, kbId, (base) => base?.docsCount === documents);
    expect(listed?.docsCount, `docsCount of base #${b}, detached`).toBe(documents);
  }

  toString(): string {
    return this.describe('a base', 'its assistant');
  }

  private describe(base: string, assistant: string): string {
    return `detach ${base} from ${assistant}`;
  }
}
