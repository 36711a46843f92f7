import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { createMine } from './mine.ts';
import { findInCollection } from '../../src/resources/pages.ts';

const SEARCH = { operations: ['searchPersonas'] };

/** Which of `ids` a search for `term` finds (every page read, each validated against the spec). */
async function found(
  ctx: Pick<CheckContext, 'as' | 'spec'>,
  term: string,
  ids: string[],
  query: Record<string, string> = {},
) {
  const result = await findInCollection(ctx.as('full'), 'searchPersonas', 'customPersonaId', ids, {
    query: { search: term, ...query },
    onPage: (exchange) => expectSchema(ctx.spec, exchange),
  });
  return result;
}

describe('searchPersonas — POST /persona/enterprise/searchPersonas', () => {
  check(
    'assistants.search.shape',
    ['AS-SEARCH-08', 'AS-SHAPE-11', 'AS-SHAPE-12', 'AS-SHAPE-13', 'CONV-10', 'IDS-01'],
    'returns {status: boolean, allPersonas, totalPersonas, currentPage, totalPages}, items with _id, customPersonaId and name',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const name = `${ctx.prefix} ${word} concierge`;
      const [id] = await createMine(ctx, { name, os: ['nt'] });
      const exchange = await ctx.as('full').call('searchPersonas', { query: { search: word } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const items = (exchange.response?.json as { allPersonas: Array<Record<string, unknown>> }).allPersonas;
      // Other items a looser search may add are not judged here (name-and-title judges the filter).
      expect(
        items.map((i) => [i.customPersonaId, i.name]),
        'the assistant named with the term',
      ).toContainEqual([id, name]);
    },
    SEARCH,
  );

  check(
    'assistants.search.name-and-title',
    ['AS-SEARCH-02'],
    'finds an assistant by a word of its name and one by a word of its title, and not one that has neither',
    async (ctx) => {
      const inName = uniqueWord(ctx.prefix);
      const inTitle = uniqueWord(ctx.prefix);
      const [byName, byTitle, neither] = await createMine(
        ctx,
        { name: `${ctx.prefix} ${inName} helper`, title: 'Billing desk', os: ['nt'] },
        { name: `${ctx.prefix} helper`, title: `Desk for ${inTitle} questions`, os: ['nt'] },
        { name: `${ctx.prefix} other helper`, title: 'Other desk', os: ['nt'] },
      );
      const ids = [byName!, byTitle!, neither!];
      expect([...(await found(ctx, inName, ids)).found], `search "${inName}" (in a name)`).toEqual([byName]);
      expect([...(await found(ctx, inTitle, ids)).found], `search "${inTitle}" (in a title)`).toEqual([
        byTitle,
      ]);
    },
    SEARCH,
  );

  check(
    'assistants.search.main-agent-filter',
    ['AS-SEARCH-04'],
    'without isMainAgent finds main agents and tools alike; isMainAgent=false finds only the tool',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const ids = await createMine(
        ctx,
        { name: `${ctx.prefix} ${word} main`, Is_main_agent: true, is_agentic_tool: false, os: ['nt'] },
        { name: `${ctx.prefix} ${word} tool`, Is_main_agent: false, is_agentic_tool: true, os: ['nt'] },
      );
      expect([...(await found(ctx, word, ids)).found].sort(), 'no isMainAgent (default all)').toEqual(
        [...ids].sort(),
      );
      expect(
        [...(await found(ctx, word, ids, { isMainAgent: 'all' })).found].sort(),
        'isMainAgent=all',
      ).toEqual([...ids].sort());
      expect([...(await found(ctx, word, ids, { isMainAgent: 'false' })).found], 'isMainAgent=false').toEqual(
        [ids[1]],
      );
    },
    SEARCH,
  );

  check(
    'assistants.search.os-default-nt',
    ['AS-SEARCH-05'],
    'without os finds an nt assistant and not an android-only one, which os=android finds',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const [nt, android] = await createMine(
        ctx,
        { name: `${ctx.prefix} ${word} desk`, os: ['nt'] },
        { name: `${ctx.prefix} ${word} phone`, os: ['android'] },
      );
      expect([...(await found(ctx, word, [nt!, android!])).found], 'no os (default nt)').toEqual([nt]);
      expect([...(await found(ctx, word, [nt!, android!], { os: 'android' })).found], 'os=android').toEqual([
        android,
      ]);
    },
    SEARCH,
  );

  check(
    'assistants.search.without-term',
    ['AS-SEARCH-03'],
    'records what a search without the search parameter answers',
    async (ctx) => {
      const exchange = await ctx.as('full').call('searchPersonas');
      ctx.observe('AS-SEARCH-03', stableErrorSummary(exchange, ctx.prefix));
    },
    SEARCH,
  );
});
