// Seconds are optional: a time to the minute differs from run to run as well.
const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const OBJECT_ID = /\b[0-9a-f]{24}\b/gi;

/**
 * An observed value as it can be compared across runs and implementations: what differs from run
 * to run although the behaviour does not (this run's prefix in every name, generated object ids,
 * UUIDs, timestamps) is replaced by a placeholder. The same implementation run twice then observes
 * equal values, and `conformance diff` reports only behaviour that changed.
 */
export function stableValue(text: string, runPrefix: string): string {
  const withoutRun = runPrefix === '' ? text : text.split(runPrefix).join('<run>');
  return withoutRun.replace(TIMESTAMP, '<time>').replace(UUID, '<uuid>').replace(OBJECT_ID, '<id>');
}
