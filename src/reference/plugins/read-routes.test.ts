import { beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, startHarness } from '../testing/harness.ts';
import { FUNC_RUN, FUNC_SCHEMA, PLUGIN, pluginBody, sortedKeys } from '../testing/fixtures.ts';

type Item = Record<string, unknown>;

const h = harnessForFile();
beforeAll(async () => {
  const seed: Array<['full' | 'other', Record<string, unknown>]> = [
    ['full', { title: 'a_private_nt', name: 'Alpha calendar', os: ['nt'], tags: ['time'] }],
    ['full', { title: 'a_public_web', name: 'Alpha search', os: ['web'], isPublic: true, tags: ['web'] }],
    [
      'full',
      {
        title: 'a_private_android',
        name: 'Alpha sms',
        os: ['android'],
        tags: ['phone'],
        human_description: 'texts people',
      },
    ],
    ['other', { title: 'b_private', name: 'Beta secret', os: ['nt'] }],
    [
      'other',
      {
        title: 'b_public',
        name: 'Beta weather',
        os: ['nt', 'web'],
        isPublic: true,
        isAnonymous: true,
        tags: ['weather'],
      },
    ],
  ];
  for (const [role, overrides] of seed) {
    expect((await h.call(role, 'POST', PLUGIN.create, { body: pluginBody(overrides) })).status).toBe(200);
  }
});

const list = (query = '', role: 'full' | 'other' = 'full') =>
  h.call(role, 'POST', `${PLUGIN.list()}${query}`);
const search = (query: string) => h.call('full', 'POST', `${PLUGIN.search}${query}`);
const titles = (json: Record<string, unknown>): string[] =>
  ((json.plugin as Item[] | undefined) ?? []).map((p) => p.title as string).sort();

describe('listPlugins — POST /users/enterprise/getallplugin/{userId}', () => {
  it('returns {totalPlugins, totalPages, currentPage, plugin, tags} without status', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(sortedKeys(reply.json)).toEqual(['currentPage', 'plugin', 'tags', 'totalPages', 'totalPlugins']);
    expect(reply.json).toMatchObject({ totalPlugins: 4, totalPages: 1, currentPage: 1 });
    expect(reply.json.tags).toEqual(['phone', 'time', 'weather', 'web']);
  });

  it('items carry _id, title, name, tags, isPublic, creator, os', async () => {
    for (const item of (await list()).json.plugin as Item[]) {
      expect(item).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
        title: expect.any(String) as unknown,
        name: expect.any(String) as unknown,
        tags: expect.any(Array) as unknown,
        isPublic: expect.any(Boolean) as unknown,
        creator: expect.any(String) as unknown,
        os: expect.any(Array) as unknown,
      });
    }
  });

  it('returns func_run and func_schema encrypted, never as sent', async () => {
    for (const item of (await list()).json.plugin as Item[]) {
      expect(item.func_run).toMatch(/^[0-9a-f]+:[0-9a-f]+:[0-9a-f]+$/);
      expect(item.func_run).not.toBe(FUNC_RUN);
      expect(item.func_schema).not.toBe(FUNC_SCHEMA);
    }
  });

  it('an anonymous plugin hides its author', async () => {
    const item = ((await list()).json.plugin as Item[]).find((p) => p.title === 'b_public');
    expect(item?.creator).toBe('Anonymous');
  });

  it('isPublic=all (default) is own plus public; private the own catalog; public the platform catalog', async () => {
    expect(titles((await list()).json)).toEqual([
      'a_private_android',
      'a_private_nt',
      'a_public_web',
      'b_public',
    ]);
    expect(titles((await list('?isPublic=private')).json)).toEqual([
      'a_private_android',
      'a_private_nt',
      'a_public_web',
    ]);
    expect(titles((await list('?isPublic=public')).json)).toEqual(['a_public_web', 'b_public']);
    expect(titles((await list('?isPublic=private', 'other')).json)).toEqual(['b_private', 'b_public']);
  });

  it('status: a public plugin starts pending, a private one approved', async () => {
    expect(titles((await list('?status=pending')).json)).toEqual(['a_public_web', 'b_public']);
    expect(titles((await list('?status=approved')).json)).toEqual(['a_private_android', 'a_private_nt']);
  });

  it('os filters by platform; all is every platform', async () => {
    expect(titles((await list('?os=android')).json)).toEqual(['a_private_android']);
    expect(titles((await list('?os=web')).json)).toEqual(['a_public_web', 'b_public']);
    expect(titles((await list('?os=all')).json)).toHaveLength(4);
  });

  it('pages with page and limit', async () => {
    const reply = await list('?limit=3&page=2');
    expect(reply.json).toMatchObject({ totalPlugins: 4, totalPages: 2, currentPage: 2 });
    expect(reply.json.plugin).toHaveLength(1);
  });

  it('the default limit is 50', async () => {
    const many = await startHarness();
    try {
      for (let i = 0; i < 51; i++) await many.call('full', 'POST', PLUGIN.create, { body: pluginBody() });
      const reply = await many.call('full', 'POST', PLUGIN.list());
      expect(reply.json).toMatchObject({ totalPlugins: 51, totalPages: 2 });
      expect(reply.json.plugin).toHaveLength(50);
    } finally {
      await many.close();
    }
  });

  it('when nothing matches: {status: "true", message, tags} with no plugin key', async () => {
    const reply = await list('?isPublic=private&os=android', 'other');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'true', message: expect.any(String) as unknown, tags: [] });
  });

  it.each(['?isPublic=mine', '?status=rejected', '?os=ios', '?page=0', '?limit=x'])(
    '%s is a 400',
    async (query) => {
      expect((await list(query)).status).toBe(400);
    },
  );
});

describe('searchPlugins — POST /users/enterprise/searchPlugin', () => {
  it('matches title, name and description among visible plugins, in the list shape', async () => {
    const reply = await search('?search=alpha');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ totalPlugins: 3, currentPage: 1, totalPages: 1 });
    expect(titles(reply.json)).toEqual(['a_private_android', 'a_private_nt', 'a_public_web']);
    expect(titles((await search('?search=TEXTS')).json)).toEqual(['a_private_android']);
    expect(titles((await search('?search=beta')).json)).toEqual(['b_public']);
    expect(titles((await search('?search=alpha&os=web')).json)).toEqual(['a_public_web']);
  });

  it('items carry _id and title, code encrypted', async () => {
    for (const item of (await search('?search=alpha')).json.plugin as Item[]) {
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof item.title).toBe('string');
      expect(item.func_run).not.toBe(FUNC_RUN);
    }
  });

  it('the default limit is 20', async () => {
    const many = await startHarness();
    try {
      for (let i = 0; i < 21; i++) await many.call('full', 'POST', PLUGIN.create, { body: pluginBody() });
      const reply = await many.call('full', 'POST', `${PLUGIN.search}?search=weather`);
      expect(reply.json).toMatchObject({ totalPlugins: 21, totalPages: 2 });
      expect(reply.json.plugin).toHaveLength(20);
    } finally {
      await many.close();
    }
  });

  it('when nothing matches: the empty shape without plugin', async () => {
    expect((await search('?search=zzzz')).json).toEqual({
      status: 'true',
      message: expect.any(String) as unknown,
      tags: [],
    });
  });

  it.each(['', '?search=', '?search=a&os=ios'])('%s is a 400', async (query) => {
    expect((await search(query)).status).toBe(400);
  });
});

describe('getPlugin — POST /users/enterprise/getPlugin', () => {
  const get = (title: string, role: 'full' | 'other' = 'full') =>
    h.call(role, 'POST', `${PLUGIN.get}?title=${title}`);

  it('returns {status: "true", plugin} with the documented fields', async () => {
    const reply = await get('a_private_nt');
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('true');
    expect(reply.json.plugin).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      title: 'a_private_nt',
      name: 'Alpha calendar',
      human_description: 'Looks up the weather',
      isPublic: false,
      isOwner: true,
    });
  });

  it('the owner reads its code in clear; another account reads it encrypted', async () => {
    expect((await get('a_public_web')).json.plugin).toMatchObject({
      func_run: FUNC_RUN,
      func_schema: FUNC_SCHEMA,
    });
    const foreign = (await get('a_public_web', 'other')).json.plugin as Item;
    expect(foreign.isOwner).toBe(false);
    expect(foreign.func_run).not.toBe(FUNC_RUN);
  });

  it("an unknown title or another account's private plugin is a 404", async () => {
    expect((await get('no_such_plugin')).status).toBe(404);
    expect((await get('b_private')).status).toBe(404);
  });

  it('without title is a 400', async () => {
    expect((await h.call('full', 'POST', PLUGIN.get)).status).toBe(400);
  });
});

describe('listPlugins without os', () => {
  it('lists a plugin sent with os [] (the default os is all: nothing is filtered)', async () => {
    const h2 = await startHarness();
    try {
      const body = pluginBody({ os: [] });
      expect((await h2.call('full', 'POST', PLUGIN.create, { body })).status).toBe(200);
      const titles = (reply: { json: Record<string, unknown> }) =>
        ((reply.json.plugin as Array<{ title: string }> | undefined) ?? []).map((p) => p.title);
      expect(titles(await h2.call('full', 'POST', `${PLUGIN.list()}?isPublic=private`))).toContain(
        body.title,
      );
      expect(titles(await h2.call('full', 'POST', `${PLUGIN.list()}?isPublic=private&os=all`))).toContain(
        body.title,
      );
      expect(
        titles(await h2.call('full', 'POST', `${PLUGIN.search}?search=${String(body.title)}`)),
      ).toContain(body.title);
      expect(titles(await h2.call('full', 'POST', `${PLUGIN.list()}?isPublic=private&os=nt`))).not.toContain(
        body.title,
      );
    } finally {
      await h2.close();
    }
  });
});
