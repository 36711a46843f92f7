import { CHANGING } from '../../target/fixture-pages.ts';
import type { AccountModel } from '../model.ts';
import { expectResultsFromLiveDocuments } from '../views/knowledge.ts';
import type { World } from '../world.ts';

/** Revisions looked for past the one known: a crawl may fetch the page more than once. */
const AHEAD = 3;

/**
 * The first revision of a changing page after `after` (up to a few more) whose sentence a query
 * returns from document `d` of base `b`, its text holding that revision's word; undefined when none
 * is. Every result is judged to come from one of the base's live documents.
 */
export async function revisionServed(
  model: AccountModel,
  world: World,
  b: number,
  d: number,
  after: number,
): Promise<number | undefined> {
  for (let revision = after + 1; revision <= after + AHEAD; revision += 1) {
    const answer = await world.kb.query(world.kbId(b), CHANGING.sentenceFor(revision), 20);
    await expectResultsFromLiveDocuments(
      model,
      world,
      b,
      answer,
      `revision ${revision} of the changing page`,
    );
    // Its id as now known: the re-crawl may have given it a new one (World.followRecrawled).
    const docId = world.docId(d);
    const word = ` ${CHANGING.wordFor(revision)} `;
    if (answer.results.some((result) => result.docId === docId && String(result.text).includes(word)))
      return revision;
  }
  return undefined;
}
