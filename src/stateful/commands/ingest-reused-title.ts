import { expect } from 'vitest';
import { ConformanceFailure } from '../../expect/failure.ts';
import { markerWord, textOfLength } from '../../generate/knowledge.ts';
import { bodyOf } from '../../http/json.ts';
import { picked, TOP_K_MAX, type AccountModel } from '../model.ts';
import { expectResultsFromLiveDocuments, settled } from '../views/knowledge.ts';
import { expectBaseInStep, type World } from '../world.ts';
import { firstSentence, LENGTHS, IngestStep } from './ingest-text.ts';

/** The live bases that held a document since deleted, whose title is known. */
function basesWithDeletedTitles(model: Readonly<AccountModel>): number[] {
  return model.live('bases').filter((b) => model.deletedTitles(b).length > 0);
}

/**
 * POST ingest-text (mode vector) under the title of a document deleted from the same base: 200,
 * and the new document is what the title now names. The base lists the new docId under that
 * title, and the deleted one no more (as many documents under the title as the model's live ones);
 * a query made of the new text's sentence finds the new document, and one made of the deleted
 * document's sentence returns none of its chunks. A service keeping a deleted document's identity
 * (a soft delete, a title index not cleared) shows here.
 */
export class IngestReusedTitle extends IngestStep(basesWithDeletedTitles) {
  constructor(
    pick: number,
    /** Picks one of the base's deleted documents. */
    private readonly pickDocument: number,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    const [old, title] = picked(model.deletedTitles(b), this.pickDocument) ?? [-1, ''];
    world.nameStep(
      `ingest text into base#${b} under the title of deleted doc#${old}: doc#${model.created.document}`,
    );
    const kbId = world.kbId(b);
    const marker = markerWord(world.prefix);
    const text = textOfLength(LENGTHS.short, marker);
    const { docId, tier, exchange } = await world.kb.addText(kbId, { mode: 'vector', text, title });
    const chunks = Number(bodyOf(exchange).chunksCreated);
    const sentence = firstSentence(text);
    const d = model.ingest(b, { tier, chunks, marker, title, source: 'text', sentence }, 'vector');
    world.documents.set(d, docId);
    await expectBaseInStep(model, world, b, chunks > 0 ? 'up' : 'any');

    const listed = await world.kb.documents(kbId);
    const named = listed.filter((doc) => doc.title === title).map((doc) => String(doc.docId));
    const expected = [...model.base(b).documents]
      .filter(([, doc]) => doc.title === title)
      .map(([n]) => world.docId(n));
    expect(named.sort(), `documents of base #${b} listed under the reused title`).toEqual(expected.sort());

    const found = await settled(
      world,
      () => world.kb.query(kbId, sentence, TOP_K_MAX),
      (answer) => answer.results.some((result) => result.docId === docId),
    );
    await expectResultsFromLiveDocuments(model, world, b, found, `the sentence of doc #${d}`);
    if (chunks > 0 && !found.results.some((result) => result.docId === docId))
      throw new ConformanceFailure(
        `Received: no result from doc #${d}, ingested under the title of deleted doc #${old}, for a query made of its own sentence / Documented: a new document, chunked and embedded; only a deleted document's chunks are filtered out`,
        found.exchange,
      );
    const gone = model.deletedDocuments.get(old);
    const stale = await world.kb.query(kbId, gone?.sentence ?? gone?.marker ?? title, TOP_K_MAX);
    await expectResultsFromLiveDocuments(model, world, b, stale, `the sentence of deleted doc #${old}`);
    model.reused('document title');
  }

  toString(): string {
    return "ingest text under a deleted document's title";
  }
}
