import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { AccountResources } from '../resources/account.ts';
import type { KnowledgeSteps } from '../resources/knowledge-steps.ts';
import { ResourceTracker } from '../resources/tracker.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { attachmentTableSteps, TABLE_BASES } from './attachment-table.ts';
import { AccountModel } from './model.ts';
import { World } from './world.ts';

let spec: Spec;
beforeAll(async () => {
  spec = await loadSpec();
});

/** A wrong implementation of the attachment routes, one way each (none: as the document says). */
type Bug =
  | 'none'
  | 'a fourth base accepted'
  | 'attached_kbs kept as first attached'
  | 'detach only disables'
  | 'again answered attached'
  | 'patch resets the other field';

interface Stored {
  enabled: boolean;
  grounding_mode: string;
}

const KB_IDS = Array.from({ length: TABLE_BASES }, (_, n) => `00000000-0000-4000-8000-00000000000${n}`);
const PERSONA = 'cfx-sa-0';

function answer(operationId: string, status: number, json: Record<string, unknown>): Exchange {
  return {
    operationId,
    label: operationId,
    request: { method: 'POST', url: 'http://127.0.0.1:1/', headers: {} },
    response: { status, headers: {}, text: JSON.stringify(json), json },
    durationMs: 0,
  } as unknown as Exchange;
}

/** The routes the table's steps call, on one assistant's attachments held in memory. */
function implementation(bug: Bug): KnowledgeSteps {
  const attached = new Map<string, Stored>();
  // The assistant's own copy (attached_kbs of get), which the stale bug stops following after an attach.
  const onAssistant = new Map<string, Stored>();
  const listed = (from: Map<string, Stored>) => [...from].map(([kbId, a]) => ({ kbId, ...a }));
  const client = { call: () => Promise.reject(new Error('not a route of the table')) };
  return {
    client,
    attach: (kbId: string, personaId: string, body: Record<string, unknown> = {}) => {
      const previous = attached.get(kbId);
      if (!previous && attached.size >= (bug === 'a fourth base accepted' ? 4 : 3))
        return Promise.resolve(answer('attachKnowledgeBase', 400, { status: false }));
      const next = {
        enabled: (body.enabled as boolean | undefined) ?? true,
        grounding_mode: (body.grounding_mode as string | undefined) ?? 'supplemental',
      };
      attached.set(kbId, next);
      if (!previous || bug !== 'attached_kbs kept as first attached') onAssistant.set(kbId, next);
      const flag = previous && bug !== 'again answered attached' ? 'updated' : 'attached';
      return Promise.resolve(
        answer('attachKnowledgeBase', 200, { status: 'ok', kbId, personaId, ...next, [flag]: true }),
      );
    },
    updateAttachment: (kbId: string, personaId: string, body: Record<string, unknown>) => {
      const current = attached.get(kbId) ?? { enabled: true, grounding_mode: 'supplemental' };
      const next =
        bug === 'patch resets the other field'
          ? { enabled: true, grounding_mode: 'supplemental', ...body }
          : { ...current, ...body };
      attached.set(kbId, next);
      onAssistant.set(kbId, next);
      return Promise.resolve(
        answer('updateAttachment', 200, { status: 'ok', kbId, personaId, updated: true }),
      );
    },
    detach: (kbId: string, personaId: string) => {
      if (bug === 'detach only disables') {
        attached.set(kbId, { ...attached.get(kbId)!, enabled: false });
        onAssistant.set(kbId, { ...onAssistant.get(kbId)!, enabled: false });
      } else {
        attached.delete(kbId);
        onAssistant.delete(kbId);
      }
      return Promise.resolve(
        answer('detachKnowledgeBase', 200, { status: 'ok', kbId, personaId, detached: true }),
      );
    },
    personaBases: () => Promise.resolve(listed(attached)),
    attachedKbs: () => Promise.resolve(listed(onAssistant)),
    listedBase: (kbId: string) => Promise.resolve({ kbId, docsCount: 0 }),
  } as unknown as KnowledgeSteps;
}

/** Runs drawn sequences of the table's steps against `bug`'s implementation, as the check runs them. */
/** A world over `kb` with nothing else of a run: no viewers, no account B, no patience to wait out. */
function worldOver(kb: KnowledgeSteps, spec: Spec): World {
  return new World(
    kb,
    {} as AccountResources,
    new ResourceTracker(),
    spec,
    'cfx',
    {},
    undefined,
    'http://127.0.0.1',
    { timeoutMs: 1 },
    undefined,
    () => undefined,
    () => undefined,
  );
}

function runTable(bug: Bug): Promise<void> {
  const steps = fc.commands([attachmentTableSteps(spec)], { maxCommands: 12, size: 'large' });
  return fc.assert(
    fc.asyncProperty(steps, async (sequence) => {
      const world = worldOver(implementation(bug), spec);
      const model = new AccountModel();
      for (const kbId of KB_IDS) world.lendBase(model.createBase(), kbId);
      world.assistants.set(model.createAssistant('Helper', false), { id: PERSONA, forget: () => undefined });
      await fc.asyncModelRun(() => Promise.resolve({ model, real: world }), sequence);
    }),
    { numRuns: 60, seed: 7, endOnFailure: true, includeErrorInReport: true },
  );
}

describe('the attachment state table, as the account model judges it', () => {
  it('accepts an implementation that follows the document', async () => {
    await expect(runTable('none')).resolves.toBeUndefined();
  });

  it.each<Bug>([
    'a fourth base accepted',
    'attached_kbs kept as first attached',
    'detach only disables',
    'again answered attached',
    'patch resets the other field',
  ])('catches an implementation where %s', async (bug) => {
    // A verdict on the implementation (a HarnessError would say the model itself broke).
    await expect(runTable(bug)).rejects.toThrow(
      /Got ConformanceFailure: model-based sequence failed at step/,
    );
  });

  it('draws attaches (some of a base not attached yet), patches and detaches over one base more than the limit', () => {
    const drawn = fc.sample(attachmentTableSteps(spec), { numRuns: 200, seed: 3 }).map(String);
    expect(TABLE_BASES).toBe(4);
    for (const kind of [
      'attach a base to',
      'attach a base not attached yet',
      'patch the attachment',
      'detach',
    ])
      expect(drawn.some((step) => step.startsWith(kind))).toBe(true);
  });
});

describe('a base lent to the world', () => {
  it('is addressed by its number, and left alone by the cleanup', async () => {
    const calls: string[] = [];
    const client = {
      call: (operationId: string) => {
        calls.push(operationId);
        return Promise.resolve(answer(operationId, 200, { status: 'ok' }));
      },
    } as unknown as ApiClient;
    const world = worldOver({ client } as unknown as KnowledgeSteps, {} as Spec);
    world.lendBase(2, KB_IDS[0]!);
    expect(world.kbId(2)).toBe(KB_IDS[0]);
    await world.cleanup();
    expect(calls).toEqual([]);
    expect(world.bases.size).toBe(0);
  });
});
