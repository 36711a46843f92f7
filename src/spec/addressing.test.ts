import { describe, expect, it } from 'vitest';
import { resourceIdentifiers } from './addressing.ts';
import { loadOperationIndexSync } from './openapi.ts';

describe('resourceIdentifiers: the operations the account isolation matrix covers', () => {
  const operations = [...loadOperationIndexSync().values()];

  it('addresses a resource exactly where an id travels in the path, the body or the query', () => {
    const addressing = operations.filter((operation) => resourceIdentifiers(operation) !== undefined);
    const none = operations.filter((operation) => resourceIdentifiers(operation) === undefined);
    // Everything else lists, searches or creates: a new operation lands on one side or the other,
    // and this list says which side by name, so that the matrix cannot silently miss it.
    expect(none.map((operation) => operation.operationId).sort()).toEqual(
      [
        'createKnowledgeBase',
        'createPersona',
        'createPlugin',
        'listKnowledgeBases',
        'listPersonas',
        'listPlugins',
        'listVoices',
        'searchPersonas',
        'searchPlugins',
      ].sort(),
    );
    expect(addressing.length + none.length).toBe(operations.length);
  });

  it('names the identifiers, vestigial session segments left out', () => {
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    const of = (id: string) => {
      const operation = byId.get(id);
      if (!operation) throw new Error(`no operation ${id}`);
      return resourceIdentifiers(operation);
    };
    expect(of('getPersona')).toBe('path personaId');
    expect(of('deleteDocument')).toBe('path kbId, path docId');
    expect(of('updatePersona')).toBe('body personaId');
    expect(of('getPlugin')).toBe('query title');
    expect(of('listPersonas')).toBeUndefined();
  });
});
