import { describe, expect, it } from 'vitest';
import { chooseLocale, localeFromAcceptLanguage } from './locales.ts';

describe('localeFromAcceptLanguage', () => {
  it('takes Hindi when the browser prefers it, in any region', () => {
    expect(localeFromAcceptLanguage('hi')).toBe('hi');
    expect(localeFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
  });
  it('orders by q-value, then by the order listed', () => {
    expect(localeFromAcceptLanguage('en;q=0.5,hi;q=0.9')).toBe('hi');
    expect(localeFromAcceptLanguage('en-US,hi')).toBe('en-GB');
  });
  it("skips '*', q=0 and languages we don't speak", () => {
    expect(localeFromAcceptLanguage('ta-IN,*;q=0.9,hi;q=0.5')).toBe('hi');
    expect(localeFromAcceptLanguage('hi;q=0,en;q=0.1')).toBe('en-GB');
    expect(localeFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('chooseLocale', () => {
  it('lets the cookie win over Accept-Language', () => {
    expect(chooseLocale({ cookie: 'en-GB', acceptLanguage: 'hi' })).toBe('en-GB');
    expect(chooseLocale({ cookie: 'hi', acceptLanguage: 'en' })).toBe('hi');
  });
  it('ignores a cookie naming no language we speak', () => {
    expect(chooseLocale({ cookie: 'xx', acceptLanguage: 'hi' })).toBe('hi');
  });
  it('falls back to British English', () => {
    expect(chooseLocale({})).toBe('en-GB');
  });
});
