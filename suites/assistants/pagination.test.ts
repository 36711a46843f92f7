import { describe, expect } from 'vitest';
import { expectPageArithmetic } from '../../src/checks/list-page.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { createAssistant } from '../../src/resources/assistants.ts';
import { inBatches } from '../../src/resources/batch.ts';
import { assistantDrafter } from '../../src/resources/drafts.ts';

/** One more than the largest default page size of the assistant routes (50, list). */
const BATCH_SIZE = 51;

interface Batch {
  word: string;
  ids: string[];
}

let batch: Promise<Batch> | undefined;

/**
 * Assistants enough to fill more than one default page, created once for the file by whichever
 * check needs them first (they are tracked like any other and removed when the file ends). Each
 * carries a word of its own in its name, so a search for it counts exactly these.
 */
function pageBatch({
  as,
  spec,
  prefix,
  tracker,
}: Pick<CheckContext, 'as' | 'spec' | 'prefix' | 'tracker'>): Promise<Batch> {
  batch ??= (async () => {
    const client = as('full');
    const draft = await assistantDrafter(client, spec, prefix);
    const word = uniqueWord(prefix);
    const ids = await inBatches(
      Array.from({ length: BATCH_SIZE }, (_, i) => i),
      8,
      async (i) => {
        const body = draft({
          name: `${prefix} ${word} page filler ${i}`,
          os: ['nt'],
          isPublic: false,
          Is_main_agent: true,
        });
        return (await createAssistant(client, tracker, body)).customPersonaId;
      },
    );
    return { word, ids };
  })();
  return batch;
}

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  check(
    'assistants.list.default-page-and-limit',
    ['AS-LIST-10', 'AS-LIST-11', 'LIM-09', 'LIM-13'],
    'without page and limit returns page 1 of 50 assistants, with totalPages consistent with totalPersonas',
    async (ctx) => {
      await pageBatch(ctx);
      const exchange = await ctx.as('full').call('listPersonas', { path: { sessionId: 'conformance' } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 50, page: 1 });
    },
    { operations: ['listPersonas'] },
  );

  check(
    'assistants.list.page-arithmetic',
    ['AS-LIST-02', 'AS-LIST-13'],
    'a later page with an explicit limit holds what remains, with totalPages = ceil(totalPersonas / limit)',
    async (ctx) => {
      await pageBatch(ctx);
      const exchange = await ctx
        .as('full')
        .call('listPersonas', { path: { sessionId: 'conformance' }, query: { page: 3, limit: 7 } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 7, page: 3 });
    },
    { operations: ['listPersonas'] },
  );
});

describe('searchPersonas — POST /persona/enterprise/searchPersonas', () => {
  check(
    'assistants.search.default-page-and-limit',
    ['AS-SEARCH-06', 'AS-SEARCH-07', 'LIM-10', 'LIM-13', 'AS-SEARCH-02'],
    'without page and limit returns page 1 of 30 matches, counting every assistant whose name carries the term',
    async (ctx) => {
      const { word, ids } = await pageBatch(ctx);
      const exchange = await ctx.as('full').call('searchPersonas', { query: { search: word } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(
        (exchange.response?.json as { totalPersonas?: unknown }).totalPersonas,
        `assistants named with "${word}"`,
      ).toBe(ids.length);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 30, page: 1 });
    },
    { operations: ['searchPersonas'] },
  );
});
