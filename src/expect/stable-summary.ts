import { stableValue } from '../context/stable-value.ts';
import type { Exchange } from '../http/exchange.ts';
import { errorSummary } from './refusal.ts';

/**
 * Status, code and message of an answer whose error body the document leaves open, with what
 * changes from run to run (ids, timestamps, the run's prefix) masked, so the observation recorded
 * is the same on every run against the same implementation.
 */
export function stableErrorSummary(exchange: Exchange, prefix?: string): string {
  const text = stableValue(errorSummary(exchange), '');
  if (prefix === undefined || prefix === '') return text;
  // Names and marker words start with the prefix and go on with letters and digits of their own;
  // an implementation may also change their case: the whole word is masked.
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${escaped}[\\w-]*`, 'gi'), '<prefix>…');
}
