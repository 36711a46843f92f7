import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { SESSION_ID } from '../../src/resources/assistants.ts';
import { bodyOf, objectsIn, succeeded, type JsonObject } from '../../src/http/json.ts';
import { pollUntil } from '../../src/context/poll.ts';
import { attachmentsOf, type KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';
import { runAttachmentTable } from '../../src/stateful/attachment-table.ts';
import { expectAttachAnswer } from '../../src/stateful/commands/attach.ts';
import { MAX_BASES_PER_ASSISTANT as MAX_BASES } from '../../src/stateful/model.ts';

const ATTACH = { operations: ['attachKnowledgeBase', 'listPersonaKnowledgeBases'] };

/** An assistant and `count` bases of its own file, none attached yet. */
async function assistantAndBases(ctx: CheckContext, count: number) {
  const kb = ctx.kb();
  const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
  const kbIds: string[] = [];
  for (let n = 0; n < count; n += 1) kbIds.push((await kb.createBase()).kbId);
  return { kb, personaId: customPersonaId, kbIds };
}

/** An assistant and one base of its own file, not attached yet. */
async function assistantAndBase(ctx: CheckContext) {
  const { kb, personaId, kbIds } = await assistantAndBases(ctx, 1);
  return { kb, personaId, kbId: first(kbIds) };
}

/** The assistant's bases (GET /kb/persona), each as {kbId, enabled, grounding_mode}. */
async function basesOf(kb: KnowledgeSteps, personaId: string) {
  return attachmentsOf(await kb.personaBases(personaId));
}

/** The attachment an attach answer reports. */
function attachmentIn(answer: JsonObject) {
  return { grounding_mode: answer.grounding_mode, enabled: answer.enabled };
}

/**
 * Attaches the base with grounding_mode strict and enabled false: the answer is the state table's
 * (`outcome`) carrying those values, and the assistant's bases show them.
 */
async function expectAttachedStrictDisabled(
  ctx: CheckContext,
  { kb, personaId, kbId }: { kb: KnowledgeSteps; personaId: string; kbId: string },
  outcome: 'attached' | 'updated',
  what: string,
): Promise<void> {
  const answer = expectAttachAnswer(
    ctx.spec,
    await kb.attach(kbId, personaId, { grounding_mode: 'strict', enabled: false }),
    outcome,
  );
  expect(attachmentIn(answer), what).toEqual({ grounding_mode: 'strict', enabled: false });
  expect(await basesOf(kb, personaId), "the assistant's bases").toEqual([
    { kbId, enabled: false, grounding_mode: 'strict' },
  ]);
}

function first<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('setup: nothing was created');
  return item;
}

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  check(
    'kb.attach.defaults',
    [
      'KB-ATTACH-01',
      'KB-ATTACH-02',
      'KB-ATTACH-15',
      'KB-ATTACH-18',
      'KB-ATTACH-19',
      'KB-ATTACH-20',
      'KB-ASSISTANT-01',
      'KB-ASSISTANT-02',
      'KB-ASSISTANT-03',
      'IDS-16',
      'CONV-13',
    ],
    "an attach without body answers 200 {status, kbId, personaId, grounding_mode, enabled, attached: true} with the defaults supplemental and enabled, as the assistant's bases show",
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      const answer = expectAttachAnswer(ctx.spec, await kb.attach(kbId, personaId), 'attached');
      expect({ kbId: answer.kbId, personaId: answer.personaId }, 'kbId and personaId in the answer').toEqual({
        kbId,
        personaId,
      });
      expect(attachmentIn(answer), 'attachment in the answer').toEqual({
        grounding_mode: 'supplemental',
        enabled: true,
      });
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual([
        { kbId, enabled: true, grounding_mode: 'supplemental' },
      ]);
    },
    ATTACH,
  );

  check(
    'kb.attach.values-sent',
    ['KB-ATTACH-18', 'KB-ATTACH-19', 'KB-ATTACH-20', 'KB-ASSISTANT-03', 'STATE-02'],
    'an attach with grounding_mode strict and enabled false is attached with those values: a disabled attachment is still attached',
    async (ctx) => {
      await expectAttachedStrictDisabled(
        ctx,
        await assistantAndBase(ctx),
        'attached',
        'attachment in the answer',
      );
    },
    ATTACH,
  );

  check(
    'kb.attach.shown-on-the-assistant',
    ['KB-ATTACH-01', 'AS-SHAPE-21', 'AS-SHAPE-22', 'AS-SHAPE-23', 'AS-SHAPE-24'],
    "an attached base appears in the assistant's attached_kbs as {kbId, enabled, grounding_mode}",
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      expectStatus(await kb.attach(kbId, personaId, { grounding_mode: 'strict' }), 200);
      expect(attachmentsOf(await kb.attachedKbs(personaId)), 'attached_kbs of get').toEqual([
        { kbId, enabled: true, grounding_mode: 'strict' },
      ]);
    },
    { operations: ['attachKnowledgeBase', 'getPersona'] },
  );

  check(
    'kb.attach.again-updates',
    ['KB-ATTACH-05', 'KB-ATTACH-06', 'KB-ATTACH-21'],
    'attaching an attached base again answers updated: true instead of attached: true, and leaves one attachment with the new values',
    async (ctx) => {
      const made = await assistantAndBase(ctx);
      expectAttachAnswer(ctx.spec, await made.kb.attach(made.kbId, made.personaId), 'attached');
      await expectAttachedStrictDisabled(ctx, made, 'updated', 'attachment in the second answer');
    },
    ATTACH,
  );

  check(
    'kb.attach.three-accepted',
    ['KB-ATTACH-01', 'KB-ATTACH-02', 'LIM-01'],
    'three bases attach to one assistant, each answered attached: true, and the assistant lists all three',
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, MAX_BASES);
      for (const kbId of kbIds) expectAttachAnswer(ctx.spec, await kb.attach(kbId, personaId), 'attached');
      expect((await kb.personaBases(personaId)).map((b) => b.kbId).sort(), "the assistant's bases").toEqual(
        [...kbIds].sort(),
      );
    },
    ATTACH,
  );

  check(
    'kb.attach.fourth-refused',
    ['KB-ATTACH-04', 'LIM-02', 'ERR-18'],
    'with three bases attached a fourth is a 400, and the assistant keeps exactly its three, in its bases and in attached_kbs',
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, MAX_BASES + 1);
      const three = kbIds.slice(0, MAX_BASES);
      const fourth = kbIds[MAX_BASES] ?? '';
      for (const kbId of three) expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(await kb.attach(fourth, personaId), 400);
      expect(
        (await kb.personaBases(personaId)).map((b) => b.kbId).sort(),
        "the assistant's bases after the refused fourth",
      ).toEqual([...three].sort());
      expect(
        (await kb.attachedKbs(personaId)).map((b) => b.kbId).sort(),
        'attached_kbs after the refused fourth',
      ).toEqual([...three].sort());
    },
    { operations: ['attachKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );

  check(
    'kb.attach.fourth-refused-beside-disabled',
    ['KB-ATTACH-04', 'LIM-02', 'STATE-02'],
    'a disabled attachment still counts: with three bases attached, one of them enabled false, a fourth is a 400 and the three stay',
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, MAX_BASES + 1);
      const three = kbIds.slice(0, MAX_BASES);
      const fourth = kbIds[MAX_BASES] ?? '';
      expectStatus(await kb.attach(first(three), personaId, { enabled: false }), 200);
      for (const kbId of three.slice(1)) expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(await kb.attach(fourth, personaId), 400);
      expect(
        (await kb.personaBases(personaId)).map((b) => b.kbId).sort(),
        "the assistant's bases after the refused fourth",
      ).toEqual([...three].sort());
    },
    ATTACH,
  );

  check(
    'kb.attach.again-with-three',
    ['KB-ATTACH-05', 'KB-ATTACH-06'],
    'with three bases attached, attaching one of them again is an update (the 400 is for a fourth base), answered updated: true',
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, MAX_BASES);
      for (const kbId of kbIds) expectStatus(await kb.attach(kbId, personaId), 200);
      expectAttachAnswer(
        ctx.spec,
        await kb.attach(first(kbIds), personaId, { grounding_mode: 'strict' }),
        'updated',
      );
      expect((await kb.personaBases(personaId)).map((b) => b.kbId).sort(), "the assistant's bases").toEqual(
        [...kbIds].sort(),
      );
    },
    ATTACH,
  );

  check(
    'kb.attach.place-freed-by-detach',
    ['KB-ATTACH-01', 'KB-ATTACH-09'],
    'after one of three bases is detached, another base attaches (fewer than three are attached again)',
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, MAX_BASES + 1);
      for (const kbId of kbIds.slice(0, MAX_BASES)) expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(await kb.detach(first(kbIds), personaId), 200);
      expectAttachAnswer(ctx.spec, await kb.attach(kbIds[MAX_BASES] ?? '', personaId), 'attached');
      expect((await kb.personaBases(personaId)).map((b) => b.kbId).sort(), "the assistant's bases").toEqual(
        kbIds.slice(1).sort(),
      );
    },
    { operations: ['attachKnowledgeBase', 'detachKnowledgeBase', 'listPersonaKnowledgeBases'] },
  );

  check(
    'kb.attach.again-after-detach',
    ['KB-ATTACH-01', 'KB-ATTACH-02', 'KB-ATTACH-09'],
    'a detached base is absent again: attaching it once more is a new attachment, answered attached: true',
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      expectAttachAnswer(ctx.spec, await kb.attach(kbId, personaId), 'attached');
      expectStatus(await kb.detach(kbId, personaId), 200);
      expectAttachAnswer(
        ctx.spec,
        await kb.attach(kbId, personaId, { grounding_mode: 'strict' }),
        'attached',
      );
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual([
        { kbId, enabled: true, grounding_mode: 'strict' },
      ]);
    },
    { operations: ['attachKnowledgeBase', 'detachKnowledgeBase', 'listPersonaKnowledgeBases'] },
  );

  check(
    'kb.attach.state-table-model',
    [
      'KB-ATTACH-01',
      'KB-ATTACH-04',
      'KB-ATTACH-05',
      'KB-ATTACH-07',
      'KB-ATTACH-09',
      'KB-ATTACH-21',
      'KB-ATTACH-22',
      'KB-ATTACH-23',
      'KB-ATTACH-24',
      'KB-ASSISTANT-07',
      'STATE-02',
    ],
    "any sequence of attaches, updates and detaches over four bases follows the attachment state table, as the assistant's bases and attached_kbs show",
    // The account model's own commands over one assistant and four bases (src/stateful/attachment-table.ts).
    (ctx) => runAttachmentTable(ctx),
    {
      operations: [
        'attachKnowledgeBase',
        'updateAttachment',
        'detachKnowledgeBase',
        'listPersonaKnowledgeBases',
        'getPersona',
      ],
    },
  );
});

describe('updateAttachment — PATCH /kb/{kbId}/personas/{personaId}', () => {
  check(
    'kb.attachment.update-mode-alone',
    ['KB-ATTACH-07', 'KB-ATTACH-08', 'KB-ATTACH-16', 'KB-ATTACH-22', 'KB-ATTACH-23', 'AS-SHAPE-24'],
    "grounding_mode alone answers 200 {status, kbId, personaId, updated: true} and changes just the mode, in the assistant's bases and attached_kbs",
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      expectStatus(await kb.attach(kbId, personaId), 200);
      const exchange = await kb.updateAttachment(kbId, personaId, { grounding_mode: 'strict' });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(
        { kbId: bodyOf(exchange).kbId, personaId: bodyOf(exchange).personaId },
        'kbId and personaId in the answer',
      ).toEqual({ kbId, personaId });
      const expected = [{ kbId, enabled: true, grounding_mode: 'strict' }];
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual(expected);
      expect(attachmentsOf(await kb.attachedKbs(personaId)), 'attached_kbs of get').toEqual(expected);
    },
    { operations: ['updateAttachment', 'listPersonaKnowledgeBases', 'getPersona'] },
  );

  check(
    'kb.attachment.update-enabled-alone',
    ['KB-ATTACH-07', 'KB-ATTACH-08', 'KB-ATTACH-22', 'KB-ATTACH-23', 'STATE-02'],
    'enabled alone answers updated: true and changes just enabled; the disabled attachment stays attached',
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      expectStatus(await kb.attach(kbId, personaId, { grounding_mode: 'strict' }), 200);
      const exchange = await kb.updateAttachment(kbId, personaId, { enabled: false });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual([
        { kbId, enabled: false, grounding_mode: 'strict' },
      ]);
    },
    { operations: ['updateAttachment', 'listPersonaKnowledgeBases'] },
  );

  check(
    'kb.attachment.update-mode-keeps-disabled',
    ['KB-ATTACH-07', 'KB-ATTACH-22', 'STATE-02'],
    'grounding_mode alone leaves a disabled attachment disabled: only the mode changes',
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      expectStatus(await kb.attach(kbId, personaId, { enabled: false }), 200);
      expectStatus(await kb.updateAttachment(kbId, personaId, { grounding_mode: 'strict' }), 200);
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual([
        { kbId, enabled: false, grounding_mode: 'strict' },
      ]);
    },
    { operations: ['updateAttachment', 'listPersonaKnowledgeBases'] },
  );

  check(
    'kb.attachment.update-names-one-base',
    ['KB-ATTACH-07', 'KB-ATTACH-22'],
    "with two bases attached, an update changes the attachment of the base its path names and leaves the other's",
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, 2);
      const [untouched = '', updated = ''] = kbIds;
      for (const kbId of kbIds) expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(
        await kb.updateAttachment(updated, personaId, { grounding_mode: 'strict', enabled: false }),
        200,
      );
      const expected = attachmentsOf([
        { kbId: untouched, enabled: true, grounding_mode: 'supplemental' },
        { kbId: updated, enabled: false, grounding_mode: 'strict' },
      ]);
      expect(await basesOf(kb, personaId), "the assistant's bases").toEqual(expected);
      expect(attachmentsOf(await kb.attachedKbs(personaId)), 'attached_kbs of get').toEqual(expected);
    },
    { operations: ['updateAttachment', 'listPersonaKnowledgeBases', 'getPersona'] },
  );
});

describe('detachKnowledgeBase — DELETE /kb/{kbId}/personas/{personaId}', () => {
  check(
    'kb.detach.answer-and-absent',
    ['KB-ATTACH-09', 'KB-ATTACH-10', 'KB-ATTACH-17', 'KB-ATTACH-24', 'CONV-17'],
    "answers 200 {status, kbId, personaId, detached: true}; the base is no longer among the assistant's bases or attached_kbs",
    async (ctx) => {
      const { kb, personaId, kbIds } = await assistantAndBases(ctx, 2);
      const [detached = '', kept = ''] = kbIds;
      for (const kbId of kbIds) expectStatus(await kb.attach(kbId, personaId), 200);
      const exchange = await kb.detach(detached, personaId);
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(
        { kbId: bodyOf(exchange).kbId, personaId: bodyOf(exchange).personaId },
        'kbId and personaId in the answer',
      ).toEqual({ kbId: detached, personaId });
      expect(
        (await kb.personaBases(personaId)).map((b) => b.kbId),
        "the assistant's bases",
      ).toEqual([kept]);
      expect(
        (await kb.attachedKbs(personaId)).map((b) => b.kbId),
        'attached_kbs of get',
      ).toEqual([kept]);
    },
    { operations: ['detachKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );

  check(
    'kb.detach.base-and-documents-remain',
    ['KB-ATTACH-11'],
    'after the detach the base is still listed, with the same documents, and still answers queries',
    async (ctx) => {
      const { kb, personaId, kbId } = await assistantAndBase(ctx);
      const { docId } = await kb.addText(kbId, { mode: 'vector' });
      expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(await kb.detach(kbId, personaId), 200);
      expect(await kb.listedBase(kbId), 'the base in the list after the detach').toBeDefined();
      expect(
        (await kb.documents(kbId)).map((d) => d.docId),
        'documents after the detach',
      ).toEqual([docId]);
      // When stats show the ingest is not stated: asked again until they do, or the index deadline.
      const stats = await kb.statsWhen(kbId, (s) => s.documentsCount === 1);
      expect(stats.documentsCount, 'documentsCount after the detach').toBe(1);
    },
    { operations: ['detachKnowledgeBase', 'listKnowledgeBases', 'listDocuments', 'getKnowledgeBaseStats'] },
  );
});

describe('listPersonaKnowledgeBases — GET /kb/persona/{personaId}', () => {
  check(
    'kb.persona-bases.fields',
    ['KB-ASSISTANT-06', 'KB-ASSISTANT-07', 'IDS-16', 'CONV-13'],
    'answers 200 {status, personaId, kbs} with each attached base as {kbId, enabled, grounding_mode, name, description, docsCount, totalSize}',
    async (ctx) => {
      const kb = ctx.kb();
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      const { kbId, body } = await kb.createBase({ description: 'Shipping and returns answers.' });
      await kb.addText(kbId, { mode: 'vector' });
      expectStatus(await kb.attach(kbId, customPersonaId, { grounding_mode: 'strict' }), 200);
      // When a count reflects an ingest is not stated: asked until it does or the index deadline passes.
      await pollUntil(
        () => kb.personaBases(customPersonaId),
        (kbs) => kbs.find((b) => b.kbId === kbId)?.docsCount === 1,
        { timeoutMs: ctx.patience.indexMs },
      );
      const exchange = await kb.client.call('listPersonaKnowledgeBases', {
        path: { personaId: customPersonaId },
      });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).personaId, 'personaId in the answer').toBe(customPersonaId);
      const [entry] = objectsIn(bodyOf(exchange), 'kbs');
      expect(entry, 'the attached base').toMatchObject({
        kbId,
        enabled: true,
        grounding_mode: 'strict',
        name: body.name,
        description: body.description,
        docsCount: 1,
      });
    },
    { operations: ['listPersonaKnowledgeBases'] },
  );

  check(
    'kb.persona-bases.counts-follow',
    ['KB-ASSISTANT-07'],
    "a document ingested after the attach counts in the base's docsCount among the assistant's bases",
    async (ctx) => {
      const kb = ctx.kb();
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      const { kbId } = await kb.createBase();
      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      await kb.addText(kbId, { mode: 'vector' });
      // When a count reflects an ingest is not stated: asked again until it does or the index deadline passes.
      const entryOf = (kbs: JsonObject[]) => kbs.find((b) => b.kbId === kbId);
      const { answer } = await pollUntil(
        () => kb.personaBases(customPersonaId),
        (kbs) => entryOf(kbs)?.docsCount === 1,
        { timeoutMs: ctx.patience.indexMs },
      );
      expect(entryOf(answer)?.docsCount, 'docsCount of the attached base after one ingest').toBe(1);
    },
    { operations: ['attachKnowledgeBase', 'ingestText', 'listPersonaKnowledgeBases'] },
  );

  check(
    'kb.persona-bases.none',
    ['KB-ASSISTANT-07'],
    'an assistant with no base attached has an empty kbs',
    async (ctx) => {
      const kb = ctx.kb();
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      expect(await kb.personaBases(customPersonaId), 'kbs of a new assistant').toEqual([]);
    },
    { operations: ['listPersonaKnowledgeBases'] },
  );
});

describe('deleteKnowledgeBase — DELETE /kb/{kbId}', () => {
  check(
    'kb.attach.base-deleted-leaves-every-assistant',
    ['KB-ATTACH-13'],
    "deleting a base attached to two assistants removes it from both: neither one's bases nor attached_kbs include it",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, forget } = await kb.createBase();
      const personaIds = [
        (await ctx.make().assistant({ os: ['nt'] })).customPersonaId,
        (await ctx.make().assistant({ os: ['nt'] })).customPersonaId,
      ];
      for (const personaId of personaIds) expectStatus(await kb.attach(kbId, personaId), 200);
      const deleted = await kb.client.call('deleteKnowledgeBase', { path: { kbId } });
      if (succeeded(deleted)) forget();
      expectStatus(deleted, 200);
      for (const [n, personaId] of personaIds.entries()) {
        expect(
          (await kb.personaBases(personaId)).map((b) => b.kbId),
          `the bases of assistant #${n + 1}`,
        ).not.toContain(kbId);
        expect(
          (await kb.attachedKbs(personaId)).map((b) => b.kbId),
          `attached_kbs of assistant #${n + 1}`,
        ).not.toContain(kbId);
      }
    },
    { operations: ['attachKnowledgeBase', 'deleteKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );
});

describe('deletePersona — DELETE /persona/enterprise/deletePersona/{sessionId}/{personaId}', () => {
  check(
    'kb.attachments.go-with-the-assistant',
    ['KB-ATTACH-12', 'KB-ATTACH-11', 'ERR-26'],
    'deleting an assistant removes its attachments: its id reports the base no more, and the base remains',
    async (ctx) => {
      const kb = ctx.kb();
      const { customPersonaId, forget } = await ctx.make().assistant({ os: ['nt'] });
      const { kbId } = await kb.createBase();
      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      const deleted = await kb.client.call('deletePersona', {
        path: { sessionId: SESSION_ID, personaId: customPersonaId },
      });
      if (succeeded(deleted)) forget();
      expectStatus(deleted, 200);
      // Whatever status the route then answers for an id that no longer exists, it must not report the base.
      const after = await kb.client.call('listPersonaKnowledgeBases', {
        path: { personaId: customPersonaId },
      });
      ctx.observe('ERR-26', `bases of a deleted assistant: ${stableErrorSummary(after, ctx.prefix)}`);
      const reported = objectsIn(bodyOf(after), 'kbs').map((b) => b.kbId);
      expect(
        reported,
        `bases reported for the deleted assistant (${after.response?.status ?? after.error})`,
      ).not.toContain(kbId);
      expect(await kb.listedBase(kbId), 'the base after its assistant was deleted').toBeDefined();
    },
    { operations: ['attachKnowledgeBase', 'deletePersona', 'listPersonaKnowledgeBases'] },
  );
});
