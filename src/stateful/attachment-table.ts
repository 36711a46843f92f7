/**
 * The attachment state table on its own: one assistant, four bases, and drawn attaches, patches and
 * detaches between them, each judged by the account model (model.ts) through its own commands. The
 * account check (run.ts) draws the same commands among every other; this one stays on the table,
 * so its sequences are short and reach the three-base limit and a fourth base often.
 */

import fc from 'fast-check';
import { expectProperty } from '../expect/property.ts';
import { attachBody, updateAttachmentBody } from '../generate/knowledge.ts';
import type { CheckContext } from '../harness/check.ts';
import type { Spec } from '../spec/openapi.ts';
import { Attach } from './commands/attach.ts';
import { CreateAssistant } from './commands/create-assistant.ts';
import { Detach } from './commands/detach.ts';
import { PatchAttachment } from './commands/patch-attachment.ts';
import { AccountModel, MAX_BASES_PER_ASSISTANT, type AttachBody } from './model.ts';
import type { Step } from './step.ts';
import { newWorld } from './world.ts';

/** Bases the sequences are drawn over: one more than an assistant may hold, so a fourth is tried. */
export const TABLE_BASES = MAX_BASES_PER_ASSISTANT + 1;

/** Steps drawn per sequence at most (those whose precondition fails are skipped). */
const MAX_STEPS = 12;

/**
 * The steps of a sequence, drawn from the spec's attach and update bodies: an attach of any of the
 * bases (twice as likely as the others, so that runs often reach three bases and try a fourth), a
 * patch or a detach of one of the attachments.
 */
export function attachmentTableSteps(spec: Spec): fc.Arbitrary<Step> {
  const base = fc.nat({ max: TABLE_BASES - 1 });
  // Half of them a base not attached yet, so that sequences fill the assistant and try a fourth.
  const attach = fc
    .tuple(base, fc.boolean(), attachBody(spec))
    .map(([b, fresh, body]) => new Attach(0, b, fresh, body as AttachBody));
  return fc.oneof(
    attach,
    attach,
    fc
      .tuple(base, updateAttachmentBody(spec))
      .map(([pick, body]) => new PatchAttachment(pick, body as AttachBody)),
    base.map((pick) => new Detach(pick)),
  );
}

/**
 * Runs the run's number of property runs of drawn sequences against the target: four bases made
 * once (the file's tracker deletes them), and per sequence a new assistant, deleted when it ends
 * (its attachments go with it). A failure is shrunk by fast-check and thrown as the verdict, its
 * steps numbered (step.ts).
 */
export async function runAttachmentTable(ctx: CheckContext): Promise<void> {
  const kb = ctx.kb();
  const kbIds: string[] = [];
  for (let n = 0; n < TABLE_BASES; n += 1) kbIds.push((await kb.createBase()).kbId);
  const patience = { timeoutMs: ctx.patience.indexMs };
  const steps = fc.commands([attachmentTableSteps(ctx.spec)], { maxCommands: MAX_STEPS, size: 'large' });
  await expectProperty(
    fc.asyncProperty(steps, async (sequence) => {
      const model = new AccountModel();
      const world = newWorld(ctx, patience);
      world.replayArea = 'knowledge-bases';
      try {
        for (const kbId of kbIds) world.lendBase(model.createBase(), kbId);
        await new CreateAssistant(false).run(model, world);
        await fc.asyncModelRun(() => Promise.resolve({ model, real: world }), sequence);
      } finally {
        await world.cleanup();
      }
    }),
    { numRuns: ctx.target.propertyRuns },
  );
}
