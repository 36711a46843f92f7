import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import type { Bench } from './kinds/kind.ts';
import { prepareRequest } from './operation-requests.ts';

/** An answer as a settle reads it: its status and body. */
const answered = (status: number, json: unknown = {}): Exchange =>
  ({ response: { status, json } }) as Exchange;

/** A bench whose resources are names, recording what the requests ask of it. */
class StubBench implements Bench {
  readonly prefix = 'cf0000000000aa';
  readonly fixtureBaseUrl = 'http://fixtures.test';
  readonly tracked: string[] = [];
  readonly forgotten: string[] = [];
  persona = () => Promise.resolve({ customPersonaId: 'shared-persona' });
  plugin = () => Promise.resolve({ title: 'shared_plugin' });
  base = () => Promise.resolve({ kbId: 'shared-base' });
  detachableBase = () => Promise.resolve({ kbId: 'detachable-base' });
  createBody = (kind: string, label: string) =>
    Promise.resolve(
      { assistant: { customPersonaId: `assistant-${label}` }, plugin: { title: `plugin_${label}` } }[
        kind
      ] ?? {
        name: `${kind} ${label}`,
      },
    );
  throwaway = (kind: string, label: string) =>
    Promise.resolve({ id: `${kind}:${label}`, forget: () => this.forgotten.push(`${kind}:${label}`) });
  track = (kind: string, id: string) => void this.tracked.push(`${kind}:${id}`);
  personaObjectId = (id: string) => Promise.resolve(`object-of-${id}`);
  ingestText = () => Promise.resolve('doc-1');
  attach = () => Promise.resolve();
}

describe('prepared requests, from the resource kinds', () => {
  it('exist for every operation of spec/openapi.yaml', async () => {
    for (const operationId of loadOperationIndexSync().keys())
      await expect(prepareRequest(operationId, new StubBench()), operationId).resolves.toHaveProperty(
        'input',
      );
    await expect(prepareRequest('launchRocket', new StubBench())).rejects.toThrow(
      /no prepared request for launchRocket: add one to its kind's requests/,
    );
  });

  it("a tracked kind's create registers what a success made, by the body's or the answer's identity", async () => {
    const bench = new StubBench();
    const [persona, plugin, base] = await Promise.all(
      ['createPersona', 'createPlugin', 'createKnowledgeBase'].map((id) => prepareRequest(id, bench)),
    );
    expect(persona?.input).toEqual({ body: { customPersonaId: 'assistant-created' } });
    persona?.settle?.(answered(400));
    plugin?.settle?.(answered(200));
    base?.settle?.(answered(201, { kbId: 'kb-made' }));
    expect(bench.tracked).toEqual(['plugin:plugin_created', 'knowledge base:kb-made']);
  });

  it("a tracked kind's delete names a throwaway one its descriptor's way, and forgets it once deleted", async () => {
    const bench = new StubBench();
    const requests = await Promise.all(
      ['deletePersona', 'deletePlugin', 'deleteKnowledgeBase'].map((id) => prepareRequest(id, bench)),
    );
    expect(requests.map((request) => request.input)).toEqual([
      { path: { sessionId: 'conformance', personaId: 'assistant:to-delete' } },
      { body: { title: 'plugin:to-delete' } },
      { path: { kbId: 'knowledge base:to-delete' } },
    ]);
    requests[0]?.settle?.(answered(400));
    requests[1]?.settle?.(answered(200));
    expect(bench.forgotten).toEqual(['plugin:to-delete']);
  });

  it('the transfer is prepared for the documented refusal, on a throwaway assistant', async () => {
    const request = await prepareRequest('transferOwnership', new StubBench());
    expect(request.documentedAnswer).toBe('refused');
    expect(request.input.path).toEqual({ personaId: 'object-of-assistant:to-transfer' });
  });
});
