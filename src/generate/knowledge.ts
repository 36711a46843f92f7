import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import type { Spec } from '../spec/openapi.ts';
import { componentSchema } from './component-schemas.ts';
import { draw } from './draw.ts';
import { uniqueWord } from './identity.ts';
import { fromFaker } from './realistic.ts';
import { objectFromSchema } from './schema-arbitrary.ts';
import { withOverrides, type BodyOverrides } from './overrides.ts';

/**
 * Request bodies of the knowledge-base routes, derived from their component schemas in
 * spec/openapi.yaml (which keys exist, which are required, enums), with realistic values for the
 * leaves. Base names start with the run's prefix, so that `conformance cleanup` finds them.
 */
export interface KnowledgeGeneratorOptions {
  prefix: string;
}

/** One sentence of plain English, as a help-centre article or a product page reads. */
function proseSentence(f: Faker): string {
  return f.helpers.arrayElement([
    () => f.hacker.phrase(),
    () => f.commerce.productDescription(),
    () =>
      `${f.company.catchPhrase()} is how ${f.company.name()} describes its ${f.commerce.product().toLowerCase()} line.`,
  ])();
}

/** A few sentences of prose: the body of a document whose exact wording is not the point. */
const proseText = (sentences: { min: number; max: number } = { min: 2, max: 5 }): fc.Arbitrary<string> =>
  fromFaker((f) => Array.from({ length: f.number.int(sentences) }, () => proseSentence(f)).join(' '));

const DOCUMENT_KINDS = [
  'FAQ',
  'setup guide',
  'release notes',
  'returns policy',
  'troubleshooting notes',
  'price list',
];
const BASE_KINDS = ['help centre', 'product manuals', 'support articles', 'onboarding notes', 'policies'];
/** Media types of pasted text; the document leaves the label free, so only ordinary text types are sent. */
const TEXT_MEDIA_TYPES = ['text/plain', 'text/markdown', 'text/csv'] as const;

/** createKnowledgeBase bodies (components.schemas.KnowledgeBaseCreateBody): a `name` starting with the prefix, sometimes a description. */
export function knowledgeBaseCreateBody(
  spec: Spec,
  options: KnowledgeGeneratorOptions,
): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'KnowledgeBaseCreateBody'), {
    hints: {
      name: fromFaker((f) => `${options.prefix} ${f.company.name()} ${f.helpers.arrayElement(BASE_KINDS)}`),
      description: fromFaker((f) => f.company.catchPhrase()),
    },
  });
}

/** ingestText bodies (components.schemas.IngestTextBody): prose, a title, any subset of mimeType, source and mode. */
export function ingestTextBody(spec: Spec): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'IngestTextBody'), {
    hints: {
      text: proseText(),
      title: fromFaker((f) => `${f.commerce.productName()} ${f.helpers.arrayElement(DOCUMENT_KINDS)}`),
      mimeType: fc.constantFrom(...TEXT_MEDIA_TYPES),
      source: fromFaker((f) =>
        f.helpers.arrayElement([
          'crm-export',
          'support-ticket',
          'wiki',
          'sales call notes',
          f.internet.domainName(),
        ]),
      ),
    },
  });
}

/** queryKnowledgeBase bodies (components.schemas.QueryBody): a few words, sometimes a topK from 1 to the documented maximum 20. */
export function queryBody(spec: Spec): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'QueryBody'), {
    hints: {
      query: fromFaker((f) => f.lorem.words({ min: 1, max: 4 })),
      // The schema gives only the maximum; a topK of zero or less asks for nothing the document describes.
      topK: fc.integer({ min: 1, max: 20 }),
    },
  });
}

/** attachKnowledgeBase bodies (components.schemas.AttachBody): any subset of grounding_mode and enabled. */
export function attachBody(spec: Spec): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'AttachBody'));
}

/** updateAttachment bodies (components.schemas.UpdateAttachmentBody): any subset of grounding_mode and enabled. */
export function updateAttachmentBody(spec: Spec): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'UpdateAttachmentBody'));
}

/**
 * setAutoRefresh bodies (components.schemas.AutoRefreshBody): `enabled`, sometimes a whole number
 * of days, and hours only beside days, as the document says they are used together.
 */
export function autoRefreshBody(spec: Spec): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'AutoRefreshBody'), {
    hints: { intervalDays: fc.integer({ min: 1, max: 30 }), intervalHours: fc.integer({ min: 1, max: 23 }) },
  }).map((body) => {
    if (!('intervalDays' in body) && 'intervalHours' in body) {
      const { intervalHours: _hours, ...rest } = body;
      return rest;
    }
    return body;
  });
}

// ------------------------------------------------------------------ drawn bodies for example checks

/** One createKnowledgeBase body, then the check's overrides. */
export function baseBody(spec: Spec, prefix: string, overrides: BodyOverrides = {}): Record<string, unknown> {
  return withOverrides(draw(knowledgeBaseCreateBody(spec, { prefix })), overrides);
}

/**
 * One ingestText body for example checks: the generated `mode`, `mimeType` and `source` are left
 * out unless the check sets them (so defaults stay defaults), then the check's overrides.
 */
export function textBody(spec: Spec, overrides: BodyOverrides = {}): Record<string, unknown> {
  const { text, title } = draw(ingestTextBody(spec));
  return withOverrides({ text, title }, overrides);
}

/**
 * A sentence carrying `marker`, a word found nowhere else: a query for the marker can only be
 * answered from the document holding it.
 */
export function markedSentence(marker: string): string {
  return draw(
    fromFaker(
      (f) =>
        `${f.person.firstName()} filed note ${marker} about the ${f.commerce.productName().toLowerCase()} ${f.helpers.arrayElement(DOCUMENT_KINDS)}.`,
    ),
  );
}

/** A marker word for `markedSentence`: the prefix, then letters and digits no other call returns. */
export function markerWord(prefix: string): string {
  return uniqueWord(prefix).toLowerCase();
}

/**
 * Plain prose of exactly `length` characters, made of whole sentences where it can be, with the
 * marker in its first sentence: short and long texts for the tiers `auto` chooses between.
 */
export function textOfLength(length: number, marker: string): string {
  const opening = markedSentence(marker);
  const filler = draw(proseText({ min: 20, max: 20 }));
  let text = opening;
  while (text.length < length) text = `${text} ${filler}`;
  return text.slice(0, length);
}
