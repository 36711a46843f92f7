import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { componentSchema } from './component-schemas.ts';
import {
  attachBody,
  autoRefreshBody,
  baseBody,
  ingestTextBody,
  knowledgeBaseCreateBody,
  markedSentence,
  markerWord,
  queryBody,
  textBody,
  textOfLength,
  updateAttachmentBody,
} from './knowledge.ts';

const PREFIX = 'cftest0000000abc123';
const RUNS = 100;

let spec: Spec;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

beforeAll(async () => {
  spec = await loadSpec();
});

function validAgainst(name: string, arbitrary: fc.Arbitrary<Record<string, unknown>>): void {
  const validate = ajv.compile(componentSchema(spec, name));
  fc.assert(
    fc.property(arbitrary, (body) => {
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    }),
    { numRuns: RUNS },
  );
}

describe('knowledge-base generators', () => {
  it('draws create bodies valid against KnowledgeBaseCreateBody, named with the prefix first', () => {
    validAgainst('KnowledgeBaseCreateBody', knowledgeBaseCreateBody(spec, { prefix: PREFIX }));
    fc.assert(
      fc.property(knowledgeBaseCreateBody(spec, { prefix: PREFIX }), (body) => {
        expect(String(body.name).startsWith(`${PREFIX} `)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('draws ingest-text bodies valid against IngestTextBody, with non-empty text and title', () => {
    validAgainst('IngestTextBody', ingestTextBody(spec));
    fc.assert(
      fc.property(ingestTextBody(spec), (body) => {
        expect(String(body.text).trim().length).toBeGreaterThan(0);
        expect(String(body.title).trim().length).toBeGreaterThan(0);
        if ('mimeType' in body) expect(String(body.mimeType)).toMatch(/^text\//);
      }),
      { numRuns: RUNS },
    );
  });

  it('draws query bodies valid against QueryBody, with topK between 1 and 20', () => {
    validAgainst('QueryBody', queryBody(spec));
    fc.assert(
      fc.property(queryBody(spec), (body) => {
        if ('topK' in body) expect(body.topK).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('draws attach and update-attachment bodies valid against their schemas, every subset included', () => {
    validAgainst('AttachBody', attachBody(spec));
    validAgainst('UpdateAttachmentBody', updateAttachmentBody(spec));
    const keys = new Set(fc.sample(attachBody(spec), 200).map((body) => Object.keys(body).sort().join(',')));
    expect(keys).toEqual(new Set(['', 'enabled', 'grounding_mode', 'enabled,grounding_mode']));
  });

  it('draws auto-refresh bodies valid against AutoRefreshBody, with hours only beside days', () => {
    validAgainst('AutoRefreshBody', autoRefreshBody(spec));
    fc.assert(
      fc.property(autoRefreshBody(spec), (body) => {
        if ('intervalHours' in body) expect(body).toHaveProperty('intervalDays');
        if ('intervalDays' in body) expect(body.intervalDays).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('applies overrides to drawn bodies, undefined removing a field', () => {
    expect(baseBody(spec, PREFIX, { description: undefined })).not.toHaveProperty('description');
    expect(baseBody(spec, PREFIX, { description: 'x' }).description).toBe('x');
    const text = textBody(spec, { mode: 'inline' });
    expect(Object.keys(text).sort()).toEqual(['mode', 'text', 'title']);
  });

  it('makes marker words unique and sentences that carry them', () => {
    const a = markerWord(PREFIX);
    const b = markerWord(PREFIX);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z0-9]+$/);
    expect(markedSentence(a)).toContain(` ${a} `);
  });

  it('makes texts of exactly the length asked for, the marker in the first sentence', () => {
    for (const length of [120, 1_999, 2_001, 25_000]) {
      const marker = markerWord(PREFIX);
      const text = textOfLength(length, marker);
      expect(text).toHaveLength(length);
      expect(text).toContain(marker);
    }
  });
});
