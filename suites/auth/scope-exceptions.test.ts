import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';

/**
 * The exceptions the document names beside the endpoint tables, each on real resources with the
 * lowest key that must pass (the scope matrix covers the refusals).
 */

describe('queryKnowledgeBase — POST /kb/{kbId}/query', () => {
  check(
    'auth.exception.query-needs-only-view',
    ['KB-QUERY-13', 'KB-QUERY-07'],
    'a knowledgeBase:view key queries a base: query is a read',
    async (context) => {
      const viewer = context.as('knowledgeBase:view');
      const base = await context.workbench().base();
      const exchange = await viewer.call('queryKnowledgeBase', {
        path: { kbId: base.kbId },
        body: { query: 'lighthouse keepers' },
      });
      expectStatus(exchange, 200);
      expectSchema(context.spec, exchange);
    },
    { operations: ['queryKnowledgeBase'] },
  );
});

describe('detachKnowledgeBase — DELETE /kb/{kbId}/personas/{personaId}', () => {
  check(
    'auth.exception.detach-needs-edit',
    ['KB-ATTACH-25', 'KB-ATTACH-17'],
    'a knowledgeBase:edit key detaches a base from an assistant: detach needs edit, not manage',
    async (context) => {
      const editor = context.as('knowledgeBase:edit');
      const bench = context.workbench();
      const [base, persona] = await Promise.all([bench.detachableBase(), bench.persona()]);
      await bench.resources.attach(base.kbId, persona.customPersonaId);
      const exchange = await editor.call('detachKnowledgeBase', {
        path: { kbId: base.kbId, personaId: persona.customPersonaId },
      });
      expectStatus(exchange, 200);
      expect(
        (exchange.response?.json as { detached?: unknown } | undefined)?.detached,
        'detached in the response',
      ).toBe(true);
    },
    { operations: ['detachKnowledgeBase'] },
  );
});

describe('listVoices — GET /users/get_voice_clone', () => {
  check(
    'auth.exception.voices-refuse-assistants-key',
    ['AUTH-23', 'VOICE-15'],
    'a key holding assistants alone (at manage) is refused with 403: the catalog needs the voices module',
    async ({ as }) => {
      expectStatus(await as('assistants:manage').call('listVoices'), 403);
    },
    { operations: ['listVoices'] },
  );

  check(
    'auth.exception.voices-accept-preset',
    ['AUTH-24'],
    'the assistants-and-knowledge preset reaches the catalog: it holds voices at view',
    async ({ as, spec }) => {
      const exchange = await as('preset:assistants-knowledge').call('listVoices');
      expectStatus(exchange, 200);
      expectSchema(spec, exchange);
    },
    { operations: ['listVoices'] },
  );
});
