import { beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, startHarness } from '../testing/harness.ts';
import { PERSONA, personaBody, sortedKeys } from '../testing/fixtures.ts';

const LIST_FIELDS = [
  '_id',
  'customPersonaId',
  'name',
  'title',
  'isPublic',
  'voice',
  'os',
  'Is_main_agent',
  'attached_kbs',
  'createdAt',
].sort();

const h = harnessForFile();
beforeAll(async () => {
  // Account A: two private (one agentic tool, one android-only), one public. Account B: one private, one public.
  const seed: Array<['full' | 'other', Record<string, unknown>]> = [
    ['full', { customPersonaId: 'a-private', name: 'Alpha helper', title: 'Billing desk' }],
    ['full', { customPersonaId: 'a-tool', name: 'Alpha tool', Is_main_agent: false, is_agentic_tool: true }],
    ['full', { customPersonaId: 'a-android', name: 'Alpha droid', os: ['android'] }],
    ['full', { customPersonaId: 'a-public', name: 'Alpha public', isPublic: true }],
    ['other', { customPersonaId: 'b-private', name: 'Beta secret' }],
    ['other', { customPersonaId: 'b-public', name: 'Beta public', isPublic: true, title: 'alpha fan' }],
  ];
  for (const [role, overrides] of seed) {
    expect((await h.call(role, 'POST', PERSONA.create, { body: personaBody(overrides) })).status).toBe(200);
  }
});

const ids = (json: Record<string, unknown>): string[] =>
  (json.allPersonas as Array<Record<string, unknown>>).map((p) => p.customPersonaId as string).sort();

const list = (query = '', role: 'full' | 'other' = 'full', headers: Record<string, string> = {}) =>
  h.call(role, 'POST', `${PERSONA.list()}${query}`, { headers });

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  it('returns {allPersonas, totalPersonas, currentPage, totalPages} with no status field', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(sortedKeys(reply.json)).toEqual(['allPersonas', 'currentPage', 'totalPages', 'totalPersonas']);
  });

  it('list items carry the documented fields', async () => {
    const items = (await list()).json.allPersonas as Array<Record<string, unknown>>;
    for (const item of items) {
      expect(sortedKeys(item)).toEqual(LIST_FIELDS);
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(item.createdAt as string))).toBe(false);
    }
  });

  it('accepts any sessionId (vestigial)', async () => {
    expect(ids((await h.call('full', 'POST', PERSONA.list('whatever-123'))).json)).toEqual(
      ids((await list()).json),
    );
  });

  it('isPublic=all (default) and os=nt (default): own, granted and public, nt only', async () => {
    expect(ids((await list()).json)).toEqual(['a-private', 'a-public', 'a-tool', 'b-public']);
  });

  it('isPublic=private is owned or granted; public is the shared catalog', async () => {
    expect(ids((await list('?isPublic=private')).json)).toEqual(['a-private', 'a-public', 'a-tool']);
    expect(ids((await list('?isPublic=public')).json)).toEqual(['a-public', 'b-public']);
  });

  it('another account sees only its own and the public ones', async () => {
    expect(ids((await list('', 'other')).json)).toEqual(['a-public', 'b-private', 'b-public']);
  });

  it('isMainAgent=false narrows to agentic tools, true to main agents', async () => {
    expect(ids((await list('?isMainAgent=false')).json)).toEqual(['a-tool']);
    expect(ids((await list('?isMainAgent=true&isPublic=private')).json)).toEqual(['a-private', 'a-public']);
  });

  it('os filters by platform, comma-separated', async () => {
    expect(ids((await list('?os=android')).json)).toEqual(['a-android']);
    expect(ids((await list('?os=android,nt&isPublic=private')).json)).toEqual([
      'a-android',
      'a-private',
      'a-public',
      'a-tool',
    ]);
  });

  it('an Origin header overrides os with web,nt,android', async () => {
    const reply = await list('?os=web&isPublic=private', 'full', { origin: 'https://app.example.com' });
    expect(ids(reply.json)).toEqual(['a-android', 'a-private', 'a-public', 'a-tool']);
  });

  it('pages with page and limit; defaults page 1 and limit 50', async () => {
    const first = await list('?isPublic=private&limit=2');
    expect(first.json).toMatchObject({ totalPersonas: 3, currentPage: 1, totalPages: 2 });
    expect(first.json.allPersonas).toHaveLength(2);
    const second = await list('?isPublic=private&limit=2&page=2');
    expect(second.json).toMatchObject({ totalPersonas: 3, currentPage: 2, totalPages: 2 });
    expect(second.json.allPersonas).toHaveLength(1);
    const past = await list('?isPublic=private&limit=2&page=9');
    expect(past.json).toMatchObject({ allPersonas: [], totalPersonas: 3, currentPage: 9 });
  });

  it('the default limit is 50', async () => {
    const many = await startHarness();
    try {
      for (let i = 0; i < 51; i++) await many.call('full', 'POST', PERSONA.create, { body: personaBody() });
      const reply = await many.call('full', 'POST', PERSONA.list());
      expect(reply.json).toMatchObject({ totalPersonas: 51, currentPage: 1, totalPages: 2 });
      expect(reply.json.allPersonas).toHaveLength(50);
    } finally {
      await many.close();
    }
  });

  it('ret=count returns {totalPersonas} without documents', async () => {
    expect((await list('?ret=count&isPublic=private')).json).toEqual({ totalPersonas: 3 });
  });

  it.each([
    '?isPublic=mine',
    '?isMainAgent=yes',
    '?os=ios',
    '?page=0',
    '?page=1.5',
    '?limit=-1',
    '?limit=abc',
    '?ret=all',
    '?page=1&page=2',
  ])('%s is a 400', async (query) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe(false);
  });
});

describe('searchPersonas — POST /persona/enterprise/searchPersonas', () => {
  const search = (query: string, role: 'full' | 'other' = 'full') =>
    h.call(role, 'POST', `${PERSONA.search}${query}`);

  it('returns {status: true, allPersonas, totalPersonas, currentPage, totalPages} with _id, customPersonaId, name items', async () => {
    const reply = await search('?search=alpha');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: true, currentPage: 1, totalPages: 1 });
    for (const item of reply.json.allPersonas as Array<Record<string, unknown>>) {
      expect(sortedKeys(item)).toEqual(['_id', 'customPersonaId', 'name']);
    }
  });

  it('matches name and title, case-insensitively, among visible assistants (os=nt by default)', async () => {
    expect(ids((await search('?search=ALPHA')).json)).toEqual([
      'a-private',
      'a-public',
      'a-tool',
      'b-public',
    ]);
    expect(ids((await search('?search=billing')).json)).toEqual(['a-private']);
    expect(ids((await search('?search=secret')).json)).toEqual([]);
    expect(ids((await search('?search=secret', 'other')).json)).toEqual(['b-private']);
    expect(ids((await search('?search=droid&os=android')).json)).toEqual(['a-android']);
  });

  it('the default limit is 30', async () => {
    const many = await startHarness();
    try {
      for (let i = 0; i < 31; i++)
        await many.call('full', 'POST', PERSONA.create, { body: personaBody({ name: `Match ${i}` }) });
      const reply = await many.call('full', 'POST', `${PERSONA.search}?search=match`);
      expect(reply.json).toMatchObject({ totalPersonas: 31, totalPages: 2 });
      expect(reply.json.allPersonas).toHaveLength(30);
    } finally {
      await many.close();
    }
  });

  it.each(['', '?search=', '?search=a&isMainAgent=maybe', '?search=a&limit=0'])(
    '%s is a 400',
    async (query) => {
      expect((await search(query)).status).toBe(400);
    },
  );
});
