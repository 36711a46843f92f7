import { describe, expect, it } from 'vitest';
import { deleteByBody, deleteByPath } from './delete.ts';

describe('the deletes of tracked kinds', () => {
  it('by path: names the identity in its parameter, beside the fixed segments, and reads it back', () => {
    const remove = deleteByPath('deletePersona', 'personaId', { sessionId: 's' });
    const input = remove.input('cf1-a');
    expect(input).toEqual({ path: { sessionId: 's', personaId: 'cf1-a' } });
    expect(remove.idOf(input)).toBe('cf1-a');
    expect(remove.idOf({ path: { sessionId: 's' } })).toBeUndefined();
  });

  it('by body: names the identity in its field and reads it back, nothing from a body that is no object', () => {
    const remove = deleteByBody('deletePlugin', 'title');
    const input = remove.input('cf1-p');
    expect(input).toEqual({ body: { title: 'cf1-p' } });
    expect(remove.idOf(input)).toBe('cf1-p');
    expect(remove.idOf({ body: 'cf1-p' })).toBeUndefined();
  });
});
