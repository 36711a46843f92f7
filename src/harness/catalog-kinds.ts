import { loadCatalog } from '../spec/requirements.ts';

/** The kinds of the cited requirements; an id missing from the catalog is a bug in the suite. */
export function requirementKinds(ids: readonly string[]): string[] {
  const { byId } = loadCatalog();
  return ids.map((id) => {
    const requirement = byId.get(id);
    if (requirement === undefined)
      throw new Error(`a check cites "${id}", which spec/requirements.yaml does not define`);
    return requirement.kind;
  });
}

/** The document sections of the cited requirements, each once, in citation order. */
export function requirementSections(ids: readonly string[]): string[] {
  const { byId } = loadCatalog();
  return [...new Set(ids.flatMap((id) => byId.get(id)?.section ?? []))];
}
