import { expectIngestUrlAnswer } from '../../expect/ingest-tier.ts';
import { bodyOf } from '../../http/json.ts';
import { ARTICLE } from '../../target/fixture-pages.ts';
import type { AccountModel } from '../model.ts';
import { expectBaseInStep, type World } from '../world.ts';
import { IngestStep } from './ingest-text.ts';

/** A word of the article page, which any document ingested from it holds. */
const ARTICLE_WORD = 'Farallon';

/**
 * The live bases holding no live document of the article page. What ingesting a URL a base already
 * holds does (a second document, or the first one replaced or refreshed) is not stated, so a
 * sequence ingests the page at most once into a base at a time.
 */
function basesWithoutTheArticle(model: Readonly<AccountModel>): number[] {
  return model
    .live('bases')
    .filter((b) => ![...model.base(b).documents.values()].some((doc) => doc.marker === ARTICLE_WORD));
}

/**
 * POST /kb/{kbId}/ingest-url with the fixture server's article: 200 {status, docId, mode,
 * chunksCreated, title, url, kbId}; the base then lists it in the tier the answer names, and its
 * counts have grown. Every such document (in different bases, or after a delete) holds the same
 * words: a query tells them apart by docId.
 */
export class IngestUrl extends IngestStep(basesWithoutTheArticle) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `doc#${model.created.document}`));
    const { exchange, docId } = await world.kb.addUrl(
      world.kbId(b),
      `${world.fixtureBaseUrl}${ARTICLE.path}`,
    );
    const tier = expectIngestUrlAnswer(world.spec, exchange);
    const chunks = tier === 'vector' ? Number(bodyOf(exchange).chunksCreated) : 0;
    // Ingested without a title: listed under the page title (KB-INGEST-12).
    const d = model.ingest(
      b,
      {
        tier,
        chunks,
        marker: ARTICLE_WORD,
        title: ARTICLE.title,
        source: 'url',
        sentence: ARTICLE.sentences[0],
      },
      'auto',
    );
    world.documents.set(d, docId);
    await expectBaseInStep(model, world, b, chunks > 0 ? 'up' : 'any');
  }

  toString(): string {
    return this.describe('a base', 'a document');
  }

  private describe(base: string, doc: string): string {
    return `ingest the article page by URL into ${base}: ${doc}`;
  }
}
