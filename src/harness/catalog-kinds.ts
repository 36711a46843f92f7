import { loadCatalog } from '../spec/requirements.ts';

let kinds: Map<string, string> | undefined;

/** The kinds of the cited requirements; an id missing from the catalog is a bug in the suite. */
export function requirementKinds(ids: readonly string[]): string[] {
  kinds ??= new Map(loadCatalog().requirements.map((r) => [r.id, r.kind]));
  return ids.map((id) => {
    const kind = kinds?.get(id);
    if (kind === undefined) throw new Error(`a check cites "${id}", which spec/requirements.yaml does not define`);
    return kind;
  });
}
