import { describe } from 'vitest';
import { errorSummary } from '../../src/checks/refusal.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check } from '../../src/harness/check.ts';

/** The knowledge-base row of the Errors table. */

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  check(
    'errors.400.attach-fourth-base',
    ['ERR-18', 'ERR-20'],
    '400: attaching a fourth base to an assistant',
    async (context) => {
      const resources = context.resources();
      const persona = await resources.createPersona('four-bases');
      const bases = await Promise.all([1, 2, 3, 4].map((n) => resources.createBase(`base-${n}`)));
      for (const base of bases.slice(0, 3)) await resources.attach(base.kbId, persona.customPersonaId);
      const fourth = bases[3];
      if (!fourth) throw new Error('setup: four bases were not created');
      const exchange = await resources.client.call('attachKnowledgeBase', {
        path: { kbId: fourth.kbId, personaId: persona.customPersonaId },
        body: {},
      });
      context.observe('ERR-20', `fourth base: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['attachKnowledgeBase'] },
  );
});
