import { expect } from 'vitest';
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { bodyOf } from '../../http/json.ts';
import { CHANGING } from '../../target/fixture-pages.ts';
import { picked, type AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import { expectScheduleShown, listBases, settled } from '../views/knowledge.ts';
import type { World } from '../world.ts';
import { revisionServed } from './changing-page.ts';

const byDocId = (docs: readonly Record<string, unknown>[]) =>
  [...docs].sort((x, y) => String(x.docId).localeCompare(String(y.docId)));

/**
 * POST /kb/{kbId}/refresh-now, on a base holding URL-sourced documents when there is one: 200
 * {status, kbId, refreshedDocs, autoRefresh, message}, refreshedDocs counting no more than its
 * URL-sourced documents. It "re-crawls immediately": a page that changed since its last fetch is
 * served in a later revision (asked again until it is, or a page fetch's patience runs out; an
 * inline-tier page, whose text a query need not show, is only recorded). Only URL-sourced
 * documents are re-crawled: the pasted text and uploaded files are listed exactly as before, the
 * base's documents are the same ones, and its schedule is the one last set.
 */
export class RefreshNow extends StepOnOne(live('bases')) {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const live = model.live('bases');
    const withPages = live.filter((b) => model.urlDocuments(b).length > 0);
    const b = picked(withPages.length > 0 ? withPages : live, this.pick) ?? -1;
    const urls = model.urlDocuments(b);
    world.nameStep(
      `refresh-now on base#${b} (${urls.length} URL-sourced document(s) of ${model.counts(b).documents})`,
    );
    const kbId = world.kbId(b);
    const others = new Set(
      [...model.base(b).documents.keys()].filter((d) => !urls.includes(d)).map((d) => world.docId(d)),
    );
    const untouched = async () =>
      (await world.kb.documents(kbId)).filter((doc) => others.has(String(doc.docId)));
    const before = await untouched();

    const exchange = await world.client.call('refreshNow', { path: { kbId } });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const answer = bodyOf(exchange);
    expect(answer.kbId, 'kbId in the answer').toBe(kbId);
    expect(
      answer.refreshedDocs,
      `refreshedDocs, with ${urls.length} URL-sourced document(s) among ${model.counts(b).documents}`,
    ).toBeLessThanOrEqual(urls.length);
    model.refreshed(b);

    for (const d of urls) await this.expectRecrawled(model, world, b, d);

    const after = await untouched();
    expect(byDocId(after), 'the pasted text and uploaded files as listed after refresh-now').toEqual(
      byDocId(before),
    );
    const { exchange: list, items } = await listBases(world);
    expectScheduleShown(
      model,
      b,
      items.find((kb) => kb.kbId === kbId),
      list,
    );
  }

  /** A changing page's document `d` holds a later revision once re-crawled (asked again until it does). */
  private async expectRecrawled(model: AccountModel, world: World, b: number, d: number): Promise<void> {
    const doc = model.document(d);
    if (doc.page === undefined) return;
    const known = doc.page.revision;
    const idBefore = world.docId(d);
    const ask = () => revisionServed(model, world, b, d, known);
    const servedBefore = known > 0 && doc.tier === 'vector' && doc.chunks > 0;
    // Twice an index's patience: the re-crawl fetches the page first.
    const revision = servedBefore ? await settled(world, ask, (r) => r !== undefined, 2) : await ask();
    // Where the document does not say the new text is served (recorded, either way), whether an
    // earlier revision was served is the draw's doing: part of the situation, not the behaviour.
    const situation = `a re-crawled page of the ${doc.tier} tier, ${known > 0 ? 'an earlier revision served before' : 'never served before'}`;
    if (revision !== undefined) {
      world.observe(
        'STATE-06',
        'a URL document re-crawled by refresh-now',
        world.docId(d) === idBefore ? 'kept under its docId' : 'listed under a new docId',
      );
      model.pageServed(d, revision, CHANGING.sentenceFor(revision), CHANGING.wordFor(revision), known > 0);
      if (!servedBefore) world.observe('STATE-06', situation, 'its new text shown by query');
      return;
    }
    if (servedBefore)
      throw new ConformanceFailure(
        `Received: doc #${d}, a page served in revision ${known} before refresh-now, served in no later revision after it (vector tier) / Documented: refresh-now re-crawls immediately every URL-sourced document`,
        world.last,
      );
    world.observe('STATE-06', situation, 'its new text not shown by query');
  }

  toString(): string {
    return 'refresh-now on a base';
  }
}
