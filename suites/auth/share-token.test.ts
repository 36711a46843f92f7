import { describe } from 'vitest';
import { expectAuthRefusal, refusalCode } from '../../src/expect/refusal.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { requireField, requireSuccess } from '../../src/resources/setup.ts';
import { prepareRequest } from '../../src/resources/operation-requests.ts';

/** Mints a share-link token for a fresh assistant of the run. */
async function shareToken(context: CheckContext): Promise<{ token: string; customPersonaId: string }> {
  const bench = context.workbench();
  const persona = await bench.resources.createPersona('shared-link');
  const what = `share ${persona.customPersonaId}`;
  const exchange = requireSuccess(
    what,
    await bench.resources.client.call('sharePersona', { path: { customPersonaId: persona.customPersonaId } }),
  );
  return { token: requireField(what, exchange, 'data'), customPersonaId: persona.customPersonaId };
}

/** Routes unrelated to the token's assistant, one per module, reads and a write. */
const UNRELATED_OPERATIONS = ['listKnowledgeBases', 'listPlugins', 'listPersonas', 'createPersona'] as const;

describe('sharePersona — POST /persona/enterprise/sharePersona/{customPersonaId}', () => {
  for (const operationId of UNRELATED_OPERATIONS) {
    check(
      `auth.share-token.${operationId}`,
      ['AS-SHARE-05', 'AUTH-25'],
      `a share token (con_sh_) used as a bearer on ${operationId} is refused: it is not an API key`,
      async (context) => {
        const { token } = await shareToken(context);
        const { input, settle } = await prepareRequest(operationId, context.workbench());
        const exchange = await context.withAuthorization(`Bearer ${token}`).call(operationId, input);
        settle?.(exchange);
        context.observe('AUTH-25', `share token on ${operationId}: ${refusalCode(exchange)}`);
        expectAuthRefusal(exchange);
      },
      { operations: ['sharePersona', operationId] },
    );
  }

  check(
    'auth.share-token.own-assistant',
    ['AUTH-26'],
    'a share token used as a bearer on its own assistant: whether it reaches it is recorded',
    async (context) => {
      const { token, customPersonaId } = await shareToken(context);
      const exchange = await context
        .withAuthorization(`Bearer ${token}`)
        .call('getPersona', { path: { sessionId: 'conformance', personaId: customPersonaId } });
      context.observe('AUTH-26', `share token on getPersona of its assistant: ${refusalCode(exchange)}`);
    },
    { operations: ['sharePersona', 'getPersona'] },
  );
});
