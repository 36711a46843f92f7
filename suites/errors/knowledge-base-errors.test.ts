import { describe } from 'vitest';
import { errorSummary } from '../../src/expect/refusal.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';
import { requireSuccess } from '../../src/resources/setup.ts';

/** The knowledge-base row of the Errors table. */

describe('attachKnowledgeBase — POST /kb/{kbId}/personas/{personaId}', () => {
  check(
    'errors.400.attach-fourth-base',
    ['ERR-18', 'ERR-20'],
    '400: attaching a fourth base to an assistant',
    async (context) => {
      const kb = context.kb();
      // A fixed id within the run: the refusal's message names it, and ERR-20 records that message.
      const persona = await context.make().assistant({ customPersonaId: `${context.prefix}-four-bases-1` });
      const bases = await Promise.all([1, 2, 3, 4].map(() => kb.createBase()));
      for (const base of bases.slice(0, 3))
        requireSuccess(
          `attach ${base.kbId} to ${persona.customPersonaId}`,
          await kb.attach(base.kbId, persona.customPersonaId),
        );
      const fourth = bases[3];
      if (!fourth) throw new Error('setup: four bases were not created');
      const exchange = await kb.client.call('attachKnowledgeBase', {
        path: { kbId: fourth.kbId, personaId: persona.customPersonaId },
        body: {},
      });
      context.observe('ERR-20', `fourth base: ${errorSummary(exchange)}`);
      expectStatus(exchange, 400);
    },
    { operations: ['attachKnowledgeBase'] },
  );
});
