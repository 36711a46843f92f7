import { expect } from 'vitest';
import { picked, TOP_K_DEFAULT, type AccountModel } from '../model.ts';
import { live, StepOnOne } from '../step.ts';
import type { World } from '../world.ts';
import { expectResultsFromLiveDocuments } from '../views/knowledge.ts';

/**
 * POST /kb/{kbId}/query for the word of one of the base's documents, live or deleted (or a word
 * none holds): 200 with at most topK results (5 when not sent), each from one of the base's live
 * documents, never from a deleted one (STATE-15). Which chunks rank first is not stated.
 */
export class QueryBase extends StepOnOne(live('bases')) {
  constructor(
    pick: number,
    /** Picks among the base's documents, live and deleted, by number. */
    private readonly pickDocument: number,
    private readonly topK: number | undefined,
  ) {
    super(pick);
  }

  /** The base's documents ever ingested, live and deleted, by number. */
  private candidates(model: AccountModel, b: number): Array<[number, string]> {
    const live = [...model.base(b).documents].map(([d, doc]) => [d, doc.marker] as [number, string]);
    const gone = model.deletedIn(b).map(([d, doc]) => [d, doc.marker] as [number, string]);
    return [...live, ...gone].sort(([x], [y]) => x - y);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    const candidates = this.candidates(model, b);
    const chosen = picked(candidates, this.pickDocument);
    const text = chosen?.[1] ?? 'refund policy';
    const which = chosen === undefined ? 'a word of no document' : `the word of doc#${chosen[0]}`;
    const state = chosen && !model.liveDocument(chosen[0]) ? ' (deleted)' : '';
    world.nameStep(`query base#${b} for ${which}${state}, topK ${this.topK ?? 'default'}`);
    const answer = await world.kb.query(world.kbId(b), text, this.topK);
    const topK = this.topK ?? TOP_K_DEFAULT;
    expect(answer.results.length, `results for topK ${this.topK ?? '(default 5)'}`).toBeLessThanOrEqual(topK);
    await expectResultsFromLiveDocuments(model, world, b, answer, which);
    model.queried(b);
  }

  toString(): string {
    return `query a base (document pick ${this.pickDocument}, topK ${this.topK ?? 'default'})`;
  }
}
