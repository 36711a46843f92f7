import type { Exchange } from '../http/exchange.ts';
import { errorSummary } from './refusal.ts';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const OBJECT_ID = /\b[0-9a-f]{24}\b/gi;
const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;

/**
 * Status, code and message of an answer whose error body the document leaves open, with what
 * changes from run to run (ids, timestamps, the run's prefix) masked, so the observation recorded
 * is the same on every run against the same implementation.
 */
export function stableErrorSummary(exchange: Exchange, prefix?: string): string {
  let text = errorSummary(exchange)
    .replace(UUID, '<uuid>')
    .replace(OBJECT_ID, '<id>')
    .replace(TIMESTAMP, '<time>');
  if (prefix !== undefined && prefix !== '') {
    // Names and marker words start with the prefix and go on with letters and digits of their own.
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`${escaped}[\\w-]*`, 'gi'), '<prefix>…');
  }
  return text;
}
