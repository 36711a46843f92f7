import { describe, expect } from 'vitest';
import { expectStatus } from '../../src/expect/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { type KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';

/** Limits table: knowledge bases per assistant, at most 3; a fourth is a 400. */

const MAX_BASES = 3;

async function assistantWithBases(
  context: CheckContext,
  count: number,
): Promise<{ kb: KnowledgeSteps; personaId: string; kbIds: string[] }> {
  const kb = context.kb();
  const { customPersonaId } = await context.make().assistant({ os: ['nt'] });
  const kbIds: string[] = [];
  for (let n = 0; n < count; n += 1) kbIds.push((await kb.createBase()).kbId);
  return { kb, personaId: customPersonaId, kbIds };
}

/** The assistant shows exactly `kbIds`, in its bases (GET /kb/persona) and in get's attached_kbs. */
async function expectShownBases(kb: KnowledgeSteps, personaId: string, kbIds: string[], what: string) {
  const sorted = [...kbIds].sort();
  expect(
    {
      bases: (await kb.personaBases(personaId)).map((b) => b.kbId).sort(),
      attached_kbs: (await kb.attachedKbs(personaId)).map((b) => b.kbId).sort(),
    },
    what,
  ).toEqual({ bases: sorted, attached_kbs: sorted });
}

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  check(
    'limits.bases-per-assistant.three-accepted',
    ['LIM-01'],
    'three bases attach to one assistant, and the assistant shows all three',
    async (context) => {
      const { kb, personaId, kbIds } = await assistantWithBases(context, MAX_BASES);
      for (const kbId of kbIds) expectStatus(await kb.attach(kbId, personaId), 200);
      await expectShownBases(kb, personaId, kbIds, 'bases of the assistant');
    },
    { operations: ['attachKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );

  check(
    'limits.bases-per-assistant.fourth-rejected',
    ['LIM-01', 'LIM-02'],
    'a fourth base is a 400, and the assistant still shows exactly its three bases',
    async (context) => {
      const { kb, personaId, kbIds } = await assistantWithBases(context, MAX_BASES + 1);
      const three = kbIds.slice(0, MAX_BASES);
      const fourth = kbIds[MAX_BASES] ?? '';
      // The first three are within the limit: each is attached (LIM-01).
      for (const kbId of three) expectStatus(await kb.attach(kbId, personaId), 200);
      expectStatus(await kb.attach(fourth, personaId), 400);
      await expectShownBases(kb, personaId, three, 'bases of the assistant after the refused fourth');
    },
    { operations: ['attachKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );

  check(
    'limits.bases-per-assistant.counted-after-every-write',
    ['LIM-01', 'LIM-02', 'KB-ATTACH-01', 'KB-ATTACH-04', 'KB-ATTACH-05', 'KB-ATTACH-13'],
    'the limit counts the bases attached now: a deleted or detached base frees its place, attaching an attached base again takes none, and a fourth is refused whatever came before',
    async (context) => {
      const { kb, personaId, kbIds } = await assistantWithBases(context, 6);
      const [a, b, c, d, e, f] = kbIds as [string, string, string, string, string, string];
      const deleted = await kb.createBase();
      for (const kbId of [a, b, deleted.kbId]) expectStatus(await kb.attach(kbId, personaId), 200);
      // A deleted base is attached nowhere: its place is free.
      expectStatus(await kb.client.call('deleteKnowledgeBase', { path: { kbId: deleted.kbId } }), 200);
      deleted.forget();
      expectStatus(await kb.attach(c, personaId), 200);
      // Attaching an attached base again updates it: the three places stay taken, by a, b and c.
      expectStatus(await kb.attach(a, personaId, { grounding_mode: 'strict' }), 200);
      expectStatus(await kb.attach(d, personaId), 400);
      await expectShownBases(kb, personaId, [a, b, c], 'bases of the assistant after the refused fourth');
      // A detached base frees its place, once.
      expectStatus(await kb.detach(b, personaId), 200);
      expectStatus(await kb.attach(e, personaId), 200);
      expectStatus(await kb.attach(f, personaId), 400);
      await expectShownBases(kb, personaId, [a, c, e], 'bases of the assistant at the end');
    },
    {
      operations: [
        'attachKnowledgeBase',
        'detachKnowledgeBase',
        'deleteKnowledgeBase',
        'listPersonaKnowledgeBases',
        'getPersona',
      ],
    },
  );
});
