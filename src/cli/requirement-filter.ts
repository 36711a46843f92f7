import { loadCatalog, matchesGlob } from '../spec/requirements.ts';
import { ConfigError } from '../target/config-error.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `--requirement GLOB` as a test-name pattern: checks carry their ids in the title
 * (`... [KB-ATTACH-04, LIM-01]`), so a check is selected when it cites any matching id.
 */
export function requirementTitlePattern(glob: string): string {
  const ids = loadCatalog()
    .requirements.map((r) => r.id)
    .filter((id) => matchesGlob(id, glob));
  if (ids.length === 0)
    throw new ConfigError(`--requirement "${glob}" matches no requirement of spec/requirements.yaml`);
  return `\\[[^\\]]*\\b(?:${ids.map(escapeRegExp).join('|')})\\b[^\\]]*\\]`;
}
