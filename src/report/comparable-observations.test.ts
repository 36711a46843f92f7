import { describe, expect, it } from 'vitest';
import type { Observation } from '../harness/check-meta.ts';
import { comparableValues } from './comparable-observations.ts';

const situated = (situation: string, behaviour: string): Observation => ({
  requirement: 'AS-TRANSFER-06',
  value: `${situation}: ${behaviour}`,
  situation,
});

describe('comparableValues', () => {
  it('keeps a plain value as is, sorted and once, whatever the other runs saw', () => {
    const plain = (value: string): Observation => ({ requirement: 'AUTH-19', value });
    expect(comparableValues([[plain('b'), plain('a'), plain('b')], [plain('c')]])).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
  });

  it('drops a situation only some runs reached, and compares one every run reached', () => {
    const publicGet = situated('get of a public assistant', 'HTTP 200');
    const privateGet = situated('get of a private assistant', '400');
    const privateGetShown = situated('get of a private assistant', 'HTTP 200');
    expect(comparableValues([[publicGet, privateGet], [privateGet]])).toEqual([
      ['get of a private assistant: 400'],
      ['get of a private assistant: 400'],
    ]);
    expect(comparableValues([[publicGet, privateGet], [privateGetShown]])).toEqual([
      ['get of a private assistant: 400'],
      ['get of a private assistant: HTTP 200'],
    ]);
  });
});
