import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupError } from '../expect/failure.ts';
import { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { readAssistant } from './assistants.ts';
import { ResourceMaker } from './maker.ts';
import { foundOwnPlugin, getPlugin } from './plugins.ts';
import { ResourceTracker } from './tracker.ts';

const PREFIX = 'cf0000000000ee';
let server: ReferenceServer;
let spec: Spec;
let full: ApiClient;
const sent: string[] = [];

beforeAll(async () => {
  server = await createReferenceServer();
  spec = await loadSpec();
  full = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.keyring.keys.full,
    spec,
    onExchange: (exchange: Exchange) => sent.push(exchange.operationId ?? exchange.label),
  });
});
afterAll(() => server.close());

describe('ctx.make: set-up through the resource kinds', () => {
  it('makes assistants and plugins from drawn bodies with the overrides, tracked, reading the voices once', async () => {
    const tracker = new ResourceTracker();
    const maker = new ResourceMaker(full, tracker, spec, PREFIX);
    sent.length = 0;
    const first = await maker.assistant({ base_sys_prompt: 'You answer questions about tides.' });
    const second = await maker.assistant();
    const plugin = await maker.plugin({ isPublic: true });
    expect(sent).toEqual(['listVoices', 'createPersona', 'createPersona', 'createPlugin']);
    expect(first.customPersonaId.startsWith(PREFIX)).toBe(true);
    expect(first.customPersonaId).not.toBe(second.customPersonaId);
    const read = await readAssistant(full, first.customPersonaId);
    expect([read.base_sys_prompt, read.name]).toEqual(['You answer questions about tides.', first.body.name]);
    expect([plugin.title, plugin.body.isPublic]).toEqual([plugin.body.title, true]);
    expect(tracker.size).toBe(3);
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(foundOwnPlugin(await getPlugin(full, plugin.title), plugin.title)).toBe(false);
  });

  it('makes a knowledge base, tracked by the kbId its answer names', async () => {
    const tracker = new ResourceTracker();
    const maker = new ResourceMaker(full, tracker, spec, PREFIX);
    const base = await maker.knowledgeBase({ description: 'Tide tables' });
    expect(base.body.description).toBe('Tide tables');
    expect(String(base.body.name).startsWith(PREFIX)).toBe(true);
    const listed = async () =>
      ((await full.call('listKnowledgeBases')).response?.json as { kbs: Array<{ kbId: string }> }).kbs;
    expect((await listed()).map((kb) => kb.kbId)).toContain(base.kbId);
    expect(tracker.size).toBe(1);
    expect(await tracker.cleanupAll()).toEqual([]);
    expect((await listed()).map((kb) => kb.kbId)).not.toContain(base.kbId);
    const refused = await maker.knowledgeBase({ name: undefined }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SetupError);
    expect(tracker.size).toBe(0);
  });

  it('a create the target refuses is a SetupError, and nothing stays tracked', async () => {
    const tracker = new ResourceTracker();
    const error = await new ResourceMaker(full, tracker, spec, PREFIX)
      .plugin({ title: undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    expect((error as SetupError).message.split('\n')[0]).toMatch(
      /^setup: create plugin .*Received: 4\d\d \/ Needed: 200$/,
    );
    expect(tracker.size).toBe(0);
  });
});
