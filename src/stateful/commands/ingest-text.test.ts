import { describe, expect, it } from 'vitest';
import { firstSentence } from './ingest-text.ts';

describe('firstSentence', () => {
  it('is the text up to its first full stop, or the whole text without one', () => {
    expect(firstSentence('Ada filed note x1 about the lamp FAQ. More prose. And more.')).toBe(
      'Ada filed note x1 about the lamp FAQ.',
    );
    expect(firstSentence('no stop here')).toBe('no stop here');
  });
});
