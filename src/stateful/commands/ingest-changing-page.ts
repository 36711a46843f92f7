import { expectIngestUrlAnswer } from '../../expect/ingest-tier.ts';
import { ConformanceFailure } from '../../expect/failure.ts';
import { markerWord } from '../../generate/knowledge.ts';
import { bodyOf } from '../../http/json.ts';
import { CHANGING } from '../../target/fixture-pages.ts';
import type { AccountModel } from '../model.ts';
import { settled } from '../views/knowledge.ts';
import { expectBaseInStep, type World } from '../world.ts';
import { revisionServed } from './changing-page.ts';
import { IngestStep } from './ingest-text.ts';

/**
 * POST /kb/{kbId}/ingest-url with a page of the fixture server whose text changes at every fetch
 * (a token of its own, so a page no other document holds): 200 in the documented shape; the base
 * then lists it under the page title in the tier the answer names, its counts grown, and (in the
 * vector tier) a query made of the sentence fetched returns it. A later refresh-now re-crawls it.
 */
/**
 * The live bases holding no changing page yet. Whether a re-crawl keeps a document's docId is not
 * stated (World.followRecrawled follows it by title), and the documents list shows no URL: two
 * changing pages in one base, listed under the same title and re-crawled at once, could not be told
 * apart. So a sequence ingests one into a base at a time.
 */
function basesWithoutABulletin(model: Readonly<AccountModel>): number[] {
  return model
    .live('bases')
    .filter((b) => ![...model.base(b).documents.values()].some((doc) => doc.title === CHANGING.title));
}

export class IngestChangingPage extends IngestStep(basesWithoutABulletin) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `doc#${model.created.document}`));
    const token = markerWord(world.prefix);
    const { exchange, docId } = await world.kb.addUrl(
      world.kbId(b),
      `${world.fixtureBaseUrl}${CHANGING.pathFor(token)}`,
    );
    const tier = expectIngestUrlAnswer(world.spec, exchange);
    const chunks = tier === 'vector' ? Number(bodyOf(exchange).chunksCreated) : 0;
    // Ingested without a title: listed under the page title (KB-INGEST-12).
    const d = model.ingest(
      b,
      {
        tier,
        chunks,
        marker: 'Bulletin',
        title: CHANGING.title,
        source: 'url',
        page: { token, revision: 0 },
      },
      'auto',
    );
    world.documents.set(d, docId);
    await expectBaseInStep(model, world, b, chunks > 0 ? 'up' : 'any');
    // The revision the ingest fetched (the first, unless it fetched the page more than once). Whether
    // an inline-tier document is served by query is not stated: only a vector-tier one must be found.
    const ask = () => revisionServed(model, world, b, d, 0);
    const revision =
      tier === 'vector' && chunks > 0 ? await settled(world, ask, (r) => r !== undefined) : await ask();
    if (revision === undefined && tier === 'vector' && chunks > 0)
      throw new ConformanceFailure(
        `Received: no result from doc #${d} for a query made of the page's one sentence (vector tier, ${chunks} chunk(s)) / Documented: the server fetches the page and extracts its text, chunked and embedded`,
        world.last,
      );
    if (revision !== undefined)
      model.pageServed(d, revision, CHANGING.sentenceFor(revision), CHANGING.wordFor(revision), false);
  }

  toString(): string {
    return this.describe('a base', 'a document');
  }

  private describe(base: string, doc: string): string {
    return `ingest a page that changes at every fetch by URL into ${base}: ${doc}`;
  }
}
