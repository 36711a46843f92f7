import { describe, expect } from 'vitest';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { accountResources, succeeded, type Base, type Persona } from '../auth/account-resources.ts';

/** Limits table: knowledge bases per assistant, at most 3; a fourth is a 400. */

async function personaWithBases(
  context: CheckContext,
  count: number,
): Promise<{ persona: Persona; bases: Base[] }> {
  const resources = accountResources(context);
  const persona = await resources.createPersona('bases');
  const bases = await Promise.all(
    Array.from({ length: count }, (_, n) => resources.createBase(`base-${n + 1}`)),
  );
  return { persona, bases };
}

function attach(context: CheckContext, base: Base, persona: Persona) {
  return accountResources(context).client.call('attachKnowledgeBase', {
    path: { kbId: base.kbId, personaId: persona.customPersonaId },
    body: {},
  });
}

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  check(
    'limits.bases-per-assistant.three-accepted',
    ['LIM-01'],
    'three bases attach to one assistant',
    async (context) => {
      const { persona, bases } = await personaWithBases(context, 3);
      for (const base of bases) expectStatus(await attach(context, base, persona), 200);
    },
    { operations: ['attachKnowledgeBase'] },
  );

  check(
    'limits.bases-per-assistant.fourth-rejected',
    ['LIM-02'],
    'a fourth base is a 400, and the assistant keeps its three bases without the fourth',
    async (context) => {
      const { persona, bases } = await personaWithBases(context, 4);
      const [fourth, ...three] = bases.reverse();
      if (!fourth) throw new Error('setup: four bases were not created');
      for (const base of three) succeeded(`attach ${base.name}`, await attach(context, base, persona));
      expectStatus(await attach(context, fourth, persona), 400);

      const listed = succeeded(
        'list the bases of the assistant',
        await accountResources(context).client.call('listPersonaKnowledgeBases', {
          path: { personaId: persona.customPersonaId },
        }),
      );
      const kbIds = ((listed.response?.json as { kbs?: { kbId?: unknown }[] } | undefined)?.kbs ?? []).map(
        (kb) => kb.kbId,
      );
      expect(kbIds, 'bases of the assistant after the refused fourth').not.toContain(fourth.kbId);
      expect([...kbIds].sort(), 'bases of the assistant after the refused fourth').toEqual(
        three.map((b) => b.kbId).sort(),
      );
    },
    { operations: ['attachKnowledgeBase', 'listPersonaKnowledgeBases'] },
  );
});
