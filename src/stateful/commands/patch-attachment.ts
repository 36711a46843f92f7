import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import type { AccountModel, AttachBody } from '../model.ts';
import { StepOnOne } from '../step.ts';
import { expectAttachmentsOfAssistant, type World } from '../world.ts';
import { describeBody } from './attach.ts';

/**
 * PATCH /kb/{kbId}/personas/{personaId} on an attached base: 200 {status, kbId, personaId,
 * updated: true}; the fields sent change and the others keep their value.
 */
export class PatchAttachment extends StepOnOne((model) => model.attachments()) {
  constructor(
    pick: number,
    private readonly body: AttachBody,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const [a, b] = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `assistant#${a}`));
    const kbId = world.kbId(b);
    const personaId = world.assistantId(a);
    const exchange = await world.kb.updateAttachment(kbId, personaId, { ...this.body });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const answer = bodyOf(exchange);
    expect({ kbId: answer.kbId, personaId: answer.personaId, updated: answer.updated }, 'the answer').toEqual(
      {
        kbId,
        personaId,
        updated: true,
      },
    );
    model.patchAttachment(a, b, this.body);
    await expectAttachmentsOfAssistant(model, world, a);
  }

  toString(): string {
    return this.describe('a base', 'its assistant');
  }

  private describe(base: string, assistant: string): string {
    return `patch the attachment of ${base} to ${assistant} (${describeBody(this.body)})`;
  }
}
