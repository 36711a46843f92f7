import { markerWord, textOfLength } from '../../generate/knowledge.ts';
import { bodyOf } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live, StepOnOne, type Candidates } from '../step.ts';
import { expectBaseInStep, type World } from '../world.ts';

/** Documents a sequence ingests at most. */
const MAX_DOCUMENTS = 8;

/** Text lengths on either side of any plausible `auto` threshold. */
export const LENGTHS = { short: 240, long: 6_000 } as const;

export type IngestMode = 'vector' | 'inline' | 'auto';

/** The text's first sentence (the marked one textOfLength opens with), verbatim. */
export function firstSentence(text: string): string {
  const end = text.indexOf('.');
  return end > 0 ? text.slice(0, end + 1) : text;
}

/**
 * The base of a step ingesting one more document into one of `bases`: it applies until the
 * sequence has ingested MAX_DOCUMENTS.
 */
export function IngestStep(bases: Candidates<number>) {
  abstract class Ingest extends StepOnOne(bases) {
    override check(model: Readonly<AccountModel>): boolean {
      return super.check(model) && model.created.document < MAX_DOCUMENTS;
    }
  }
  return Ingest;
}

/**
 * POST ingest-text with a word of its own: the answer of the tier `mode` asks for (either tier's
 * for `auto`, which is then recorded), after which the base lists it in that tier and its counts
 * have grown (documentsCount, docsCount, liveSourcesCount for an inline one, vectorCount when it
 * was chunked).
 */
export class IngestText extends IngestStep(live('bases')) {
  constructor(
    pick: number,
    private readonly mode: IngestMode,
    private readonly length: keyof typeof LENGTHS,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `doc#${model.created.document}`));
    const marker = markerWord(world.prefix);
    const text = textOfLength(LENGTHS[this.length], marker);
    const { docId, tier, exchange, body } = await world.kb.addText(world.kbId(b), { mode: this.mode, text });
    const chunks = tier === 'vector' ? Number(bodyOf(exchange).chunksCreated) : 0;
    const title = String(body.title);
    const d = model.ingest(
      b,
      { tier, chunks, marker, title, source: 'text', sentence: firstSentence(text) },
      this.mode,
    );
    world.documents.set(d, docId);
    await expectBaseInStep(model, world, b, chunks > 0 ? 'up' : 'any');
  }

  toString(): string {
    return this.describe('a base', 'a document');
  }

  private describe(base: string, doc: string): string {
    return `ingest ${this.length} text into ${base} (mode ${this.mode}): ${doc}`;
  }
}
