import { expect } from 'vitest';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import { markedSentence, markerWord } from '../../generate/knowledge.ts';
import { bodyOf } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { live } from '../step.ts';
import { expectBaseInStep, type World } from '../world.ts';
import { IngestStep } from './ingest-text.ts';

const TYPES = { txt: 'text/plain', md: 'text/markdown' } as const;

/**
 * POST /kb/{kbId}/ingest with a TXT or MD file holding a word of its own, without a title: 200
 * {status, docId, chunksCreated, title, kbId}; the base then lists it under the filename (the
 * title's default), in a tier the document does not state (the one listed is the model's), and
 * its counts have grown.
 */
export class IngestFile extends IngestStep(live('bases')) {
  constructor(
    pick: number,
    private readonly type: keyof typeof TYPES,
  ) {
    super(pick);
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const b = this.chosen(model);
    world.nameStep(this.describe(`base#${b}`, `doc#${model.created.document}`));
    const kbId = world.kbId(b);
    const marker = markerWord(world.prefix);
    const filename = `${marker}.${this.type}`;
    const sentence = markedSentence(marker);
    const text = `${sentence}\n\nUploaded by the conformance suite's model of the account.\n`;
    const exchange = await world.client.call('uploadFile', {
      path: { kbId },
      multipart: {
        file: { filename, contentType: TYPES[this.type], content: new TextEncoder().encode(text) },
      },
    });
    expectStatus(exchange, 200);
    expectSchema(world.spec, exchange);
    const docId = String(bodyOf(exchange).docId);
    const listed = (await world.kb.documents(kbId)).find((doc) => doc.docId === docId);
    expect(listed?.title, `title of the file uploaded without one`).toBe(filename);
    const tier = listed?.mode === 'inline' ? 'inline' : 'vector';
    const chunks = tier === 'vector' ? Number(bodyOf(exchange).chunksCreated) : 0;
    const d = model.ingest(b, { tier, chunks, marker, title: filename, source: 'file', sentence }, 'auto');
    world.documents.set(d, docId);
    await expectBaseInStep(model, world, b, chunks > 0 ? 'up' : 'any');
  }

  toString(): string {
    return this.describe('a base', 'a document');
  }

  private describe(base: string, doc: string): string {
    return `upload a ${this.type.toUpperCase()} file into ${base}: ${doc}`;
  }
}
