import { describe, expect, it } from 'vitest';
import { catalogProblems, placeholdersOf } from './catalog-rules.ts';

const source = { 'Sign in': {}, 'Hello {name},': {}, 'New to SEVA? <0>Register</0>': {} };
const found = source;
const complete = {
  'Sign in': { translation: 'साइन इन करें' },
  'Hello {name},': { translation: 'नमस्ते {name},' },
  'New to SEVA? <0>Register</0>': { translation: 'SEVA पर नए हैं? <0>पंजीकरण करें</0>' },
};

describe('catalogProblems', () => {
  it('finds nothing wrong with a catalog that holds what the code says, translated in full', () => {
    expect(catalogProblems('auth', found, source, { hi: complete })).toEqual([]);
  });
  it('names a message the code says that the catalog lacks, and one it holds that the code no longer says', () => {
    expect(catalogProblems('auth', { 'Hello {name},': {}, 'New to SEVA? <0>Register</0>': {}, 'Sign out': {} }, source, {})).toEqual([
      'auth: "Sign out" is said in the code but missing from the catalog (npm run messages)',
      'auth: "Sign in" is in the catalog but no longer said in the code (npm run messages)',
    ]);
  });
  it('names a message without a translation', () => {
    expect(catalogProblems('auth', found, source, { hi: { ...complete, 'Sign in': { translation: '' } } })).toEqual(['auth (hi): "Sign in" has no translation']);
  });
  it('names a translation that lost a placeholder or an element', () => {
    const broken = { ...complete, 'Hello {name},': { translation: 'नमस्ते {नाम},' }, 'New to SEVA? <0>Register</0>': { translation: 'SEVA पर नए हैं? पंजीकरण करें' } };
    expect(catalogProblems('auth', found, source, { hi: broken })).toHaveLength(2);
  });
});

describe('catalogProblems on ICU quoting', () => {
  it("names a message whose apostrophe would quote its placeholder", () => {
    const quoted = { "Until then, '{action}' brings it back": {} };
    expect(catalogProblems('server', quoted, quoted, {})).toHaveLength(1);
  });
});

describe('placeholdersOf', () => {
  it('reads plain and plural placeholders', () => {
    expect(placeholdersOf('{count, plural, one {# face} other {# faces}} of {name}')).toEqual(['count', 'name']);
  });
});
