import { describe, expect, it } from 'vitest';
import { PSEUDO_LETTERS, pseudoText } from './pseudo-locale.ts';

describe('pseudoText', () => {
  it('accents every letter and runs about a third longer, leaving digits, spaces and punctuation', () => {
    const said = pseudoText('Sign in to SEVA');
    expect([...said].filter((c) => /[A-Za-z]/.test(c))).toEqual([]);
    expect(said.length).toBeGreaterThanOrEqual(Math.round('Sign in to SEVA'.length * 1.25));
    expect(pseudoText('1 of 8: 42!')).toBe('1 ó ƒ 8: 42!'.replace('ó ƒ', 'óóƒ'));
  });
  it('writes only letters a sweep can tell apart from English', () => {
    expect([...pseudoText('abcdefghijklmnopqrstuvwxyz')].every((c) => PSEUDO_LETTERS.has(c))).toBe(true);
  });
});
