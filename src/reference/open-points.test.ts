import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkText } from './knowledge/chunking.ts';
import {
  ALTERNATIVE_OPEN_POINTS,
  DEFAULT_OPEN_POINTS,
  matchesWordPrefix,
  openPoints,
  openPointsNamed,
  timestamp,
  withOpenPoints,
  type OpenPoints,
} from './open-points.ts';
import { startHarness, type Harness } from './testing/harness.ts';
import { PERSONA, PLUGIN, VOICES, personaBody, pluginBody } from './testing/fixtures.ts';

describe('the two personalities', () => {
  it('decide every open point differently', () => {
    for (const key of Object.keys(DEFAULT_OPEN_POINTS) as Array<keyof OpenPoints>)
      expect(ALTERNATIVE_OPEN_POINTS[key], key).not.toEqual(DEFAULT_OPEN_POINTS[key]);
  });

  it('are found by name, and nothing else is', () => {
    expect(openPointsNamed('default')).toBe(DEFAULT_OPEN_POINTS);
    expect(openPointsNamed('alternative')).toBe(ALTERNATIVE_OPEN_POINTS);
    expect(openPointsNamed('other')).toBeUndefined();
  });

  it('hold the default outside a request', () => {
    expect(openPoints()).toBe(DEFAULT_OPEN_POINTS);
    expect(withOpenPoints(ALTERNATIVE_OPEN_POINTS, () => openPoints())).toBe(ALTERNATIVE_OPEN_POINTS);
  });

  it('write ISO 8601 timestamps either way', () => {
    const at = Date.UTC(2026, 10, 27, 5, 6, 7, 89);
    expect(timestamp(at)).toBe('2026-11-27T05:06:07.089Z');
    expect(withOpenPoints(ALTERNATIVE_OPEN_POINTS, () => timestamp(at))).toBe('2026-11-27T05:06:07+00:00');
  });

  it('chunk at their own sizes', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is about nothing.`).join(' ');
    const byDefault = chunkText(text);
    const alternative = withOpenPoints(ALTERNATIVE_OPEN_POINTS, () => chunkText(text));
    expect(Math.max(...byDefault.map((c) => c.length))).toBeLessThanOrEqual(800);
    expect(Math.max(...alternative.map((c) => c.length))).toBeLessThanOrEqual(500);
    expect(alternative.length).toBeGreaterThan(byDefault.length);
  });

  it('match a word prefix only at the start of a word', () => {
    expect(matchesWordPrefix('Billing desk', 'bill')).toBe(true);
    expect(matchesWordPrefix('weather_lookup', 'look')).toBe(true);
    expect(matchesWordPrefix('Billing desk', 'illing')).toBe(false);
    expect(matchesWordPrefix('Billing desk', 'billing desk')).toBe(true);
  });
});

describe('a server of the alternative personality', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ openPoints: ALTERNATIVE_OPEN_POINTS });
    for (const id of ['op-first', 'op-second'])
      expect(
        (await h.call('full', 'POST', PERSONA.create, { body: personaBody({ customPersonaId: id }) })).status,
      ).toBe(200);
  });
  afterAll(() => h.close());

  it('lists oldest first, with more than the documented fields', async () => {
    const { json } = await h.call('full', 'POST', PERSONA.list());
    const items = json.allPersonas as Array<Record<string, unknown>>;
    expect(items.map((p) => p.customPersonaId)).toEqual(['op-first', 'op-second']);
    expect(items[0]).toHaveProperty('tags');
    expect(String(items[0]!.createdAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('gets only the documented fields', async () => {
    const { json } = await h.call('full', 'POST', PERSONA.get('op-first'));
    expect(Object.keys(json.personaData as object).sort()).toEqual(
      [
        '_id',
        'accessible_plugin',
        'attached_kbs',
        'base_sys_prompt',
        'customPersonaId',
        'name',
        'voice',
      ].sort(),
    );
  });

  it('answers an unstated refusal 422 without a message, a stated one as the document says', async () => {
    const unstated = await h.call('full', 'POST', `${PERSONA.search}`);
    expect(unstated.status).toBe(422);
    expect(unstated.json).not.toHaveProperty('message');
    const stated = await h.call('full', 'POST', PERSONA.get('nobody-has-this'));
    expect(stated.status).toBe(400);
    const update = await h.call('other', 'PUT', PERSONA.update, {
      body: { personaId: 'op-first', name: 'x' },
    });
    expect([update.status, update.json.message]).toEqual([400, 'unauthorized user']);
  });

  it('answers an empty result with one empty page', async () => {
    const { json } = await h.call('full', 'POST', `${PERSONA.search}?search=zzzz`);
    expect([json.totalPersonas, json.totalPages]).toEqual([0, 1]);
  });

  it('reverses the voice catalog and gets a plugin with the documented fields and creator', async () => {
    const voices = (await h.call('full', 'GET', VOICES)).json.data as Array<{ _id: string }>;
    expect(voices[0]!._id > voices[voices.length - 1]!._id).toBe(true);
    expect(
      (await h.call('full', 'POST', PLUGIN.create, { body: pluginBody({ title: 'op_tool' }) })).status,
    ).toBe(200);
    const { json } = await h.call('full', 'POST', `${PLUGIN.get}?title=op_tool`);
    expect(Object.keys(json.plugin as object).sort()).toEqual(
      ['_id', 'creator', 'human_description', 'isOwner', 'isPublic', 'name', 'title'].sort(),
    );
  });

  it('counts a document only some time after its ingest, and lists it at once', async () => {
    const { json: base } = await h.call('full', 'POST', '/kb', { body: { name: 'op' } });
    const kbId = base.kbId as string;
    const ingest = await h.call('full', 'POST', `/kb/${kbId}/ingest-text`, {
      body: { title: 't', text: 'A short note about apples.', mode: 'vector' },
    });
    expect(ingest.status).toBe(200);
    const documents = (await h.call('full', 'GET', `/kb/${kbId}/documents`)).json.documents as unknown[];
    expect(documents).toHaveLength(1);
    expect((await h.call('full', 'GET', `/kb/${kbId}/stats`)).json.documentsCount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, ALTERNATIVE_OPEN_POINTS.countDelayMs + 50));
    expect((await h.call('full', 'GET', `/kb/${kbId}/stats`)).json.documentsCount).toBe(1);
    const unknown = await h.call('full', 'GET', '/kb/00000000-0000-4000-8000-000000000000/stats');
    expect(unknown.status).toBe(400);
  });
});
