/**
 * NODE_OPTIONS for a tool the static checks run: the caller's, with the tool's own options added,
 * except a heap cap when the caller already chose one (V8 takes the last of two, and the caller's
 * must win).
 */
export function nodeOptionsFor(toolOptions: string | undefined, callers: string = ''): string {
  if (toolOptions === undefined || callers.includes('--max-old-space-size')) return callers;
  return `${callers} ${toolOptions}`.trim();
}
