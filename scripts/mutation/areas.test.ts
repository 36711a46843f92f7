import { describe, expect, it } from 'vitest';
import { matchesGlob } from '../../src/spec/requirements.ts';
import { requirementGlobFor } from './areas.ts';

describe('requirementGlobFor', () => {
  it.each([
    ['src/reference/assistants/create-rules.ts', 'AS-CREATE-01', 'PL-CREATE-01'],
    ['src/reference/plugins/fields.ts', 'PL-SHAPE-01', 'AS-SHAPE-01'],
    ['src/reference/knowledge/routes/ingest.ts', 'KB-INGEST-01', 'LIM-01'],
    ['src/reference/voices/catalog.ts', 'VOICE-01', 'AS-CREATE-01'],
    ['src/reference/auth/guard.ts', 'AUTH-04', 'ERR-03'],
  ])('judges %s first by its own requirements', (file, mine, other) => {
    const glob = requirementGlobFor(file);
    expect(glob).toBeDefined();
    expect(matchesGlob(mine, glob ?? '')).toBe(true);
    expect(matchesGlob(other, glob ?? '')).toBe(false);
  });

  it('sends shared code straight to the whole run', () => {
    expect(requirementGlobFor('src/reference/http/pagination.ts')).toBeUndefined();
    expect(requirementGlobFor('src/reference/app.ts')).toBeUndefined();
  });
});
