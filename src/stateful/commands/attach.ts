import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf, type JsonObject } from '../../http/json.ts';
import type { Spec } from '../../spec/openapi.ts';
import { picked, type AccountModel, type AttachBody, type Attachment } from '../model.ts';
import { Step } from '../step.ts';
import { expectAttachmentsOfAssistant, type World } from '../world.ts';

export function describeBody(body: AttachBody): string {
  const parts = [
    ...(body.grounding_mode !== undefined ? [body.grounding_mode] : []),
    ...(body.enabled !== undefined ? [body.enabled ? 'enabled' : 'disabled'] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : 'no body fields';
}

/**
 * The answer of an attach the state table accepts: 200, the spec's schema, and `attached: true`
 * (absent → attached) or `updated: true` (attached → attached) without the other flag. Returns
 * its body.
 */
export function expectAttachAnswer(
  spec: Spec,
  exchange: Exchange,
  outcome: 'attached' | 'updated',
): JsonObject {
  expectStatus(exchange, 200);
  expectSchema(spec, exchange);
  const answer = bodyOf(exchange);
  const other = outcome === 'attached' ? 'updated' : 'attached';
  expect(answer[outcome], `${outcome} in the answer`).toBe(true);
  expect(answer[other], `${other} in the answer (the document says "${outcome}: true" instead)`).not.toBe(
    true,
  );
  return answer;
}

/**
 * POST /kb/{kbId}/personas/{personaId}, by the attachment state table: absent with fewer than
 * three attached → attached (`attached: true`); attached → attached again (`updated: true`);
 * absent with three attached → 400 and nothing changes. The assistant's bases then are the model's.
 */
export class Attach extends Step {
  constructor(
    /** Picks one of the live assistants (when not `fresh`). */
    private readonly pickAssistant: number,
    /**
     * Picks one of the live bases. When `fresh`, the assistant is the one with the most bases
     * attached and the base one not attached to it yet (any base when all are), so that sequences
     * fill an assistant up to the limit and try one more.
     */
    private readonly pickBase: number,
    private readonly fresh: boolean,
    private readonly body: AttachBody,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.assistants.size > 0 && model.bases.size > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const assistants = model.live('assistants');
    const fullest = [...assistants].sort(
      (x, y) => model.assistant(y).attachments.size - model.assistant(x).attachments.size,
    )[0];
    const a = (this.fresh ? fullest : picked(assistants, this.pickAssistant)) ?? -1;
    const unattached = model.basesNotAttachedTo(a);
    const b =
      picked(this.fresh && unattached.length > 0 ? unattached : model.live('bases'), this.pickBase) ?? -1;
    const outcome = model.attachOutcome(a, b, this.body);
    const again = outcome.kind === 'updated' ? ' again' : outcome.kind === 'refused' ? ', a fourth' : '';
    world.nameStep(`attach base#${b} to assistant#${a}${again} (${describeBody(this.body)})`);
    const exchange = await world.kb.attach(world.kbId(b), world.assistantId(a), {
      ...this.body,
    });
    if (outcome.kind === 'refused') {
      expectStatus(exchange, 400);
      model.attach(a, b, undefined);
    } else {
      const answer = expectAttachAnswer(world.spec, exchange, outcome.kind);
      const result = { enabled: answer.enabled, grounding_mode: answer.grounding_mode } as Attachment;
      expect(outcome.allowed.enabled, 'enabled in the answer').toContainEqual(result.enabled);
      expect(outcome.allowed.grounding_mode, 'grounding_mode in the answer').toContainEqual(
        result.grounding_mode,
      );
      model.attach(a, b, result);
    }
    await expectAttachmentsOfAssistant(model, world, a);
  }

  toString(): string {
    return `attach ${this.fresh ? 'a base not attached yet to the fullest assistant' : 'a base to an assistant'} (${describeBody(this.body)})`;
  }
}
