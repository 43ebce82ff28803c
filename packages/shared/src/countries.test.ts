import { describe, expect, it } from 'vitest';
import {
  allowedLengths,
  CONTACT_DEFAULT_COUNTRY_CODE,
  COUNTRIES,
  countryByCode,
  countryByName,
  countryLabel,
  SIGNUP_DEFAULT_COUNTRY_CODE,
  signUpCountryFor,
} from './countries.ts';

/** product §3's table, verbatim: +44 once, as 'United Kingdom' (one entry per country: issue #9). */
const SPEC_TABLE: Array<[string, string, number[]]> = [
  ['+1', 'USA', [10]],
  ['+44', 'United Kingdom', [10]],
  ['+91', 'India', [10]],
  ['+61', 'Australia', [9]],
  ['+86', 'China', [11]],
  ['+49', 'Germany', [11]],
  ['+33', 'France', [9]],
  ['+81', 'Japan', [10]],
  ['+27', 'South Africa', [10]],
  ['+55', 'Brazil', [11]],
  ['+34', 'Spain', [9]],
  ['+52', 'Mexico', [10]],
  ['+39', 'Italy', [10]],
  ['+971', 'UAE', [9]],
  ['+47', 'Norway', [8]],
  ['+63', 'Philippines', [10]],
  ['+98', 'Iran', [10]],
  ['+60', 'Malaysia', [8, 9, 10]],
  ['+65', 'Singapore', [8]],
];

describe('country table (product §3)', () => {
  it("holds the SPEC's countries with their lengths, United Kingdom once", () => {
    const table = COUNTRIES.map((c) => [c.code, c.name, [...c.lengths]]);
    expect(table).toHaveLength(SPEC_TABLE.length);
    expect(table).toEqual(expect.arrayContaining(SPEC_TABLE));
  });

  it('names one country per code, so a saved code reopens as the country it was saved as', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(countryByCode('+44')?.name).toBe('United Kingdom');
    expect(countryByName('UK')).toBeUndefined();
  });

  it('is sorted by country name', () => {
    expect(COUNTRIES.map((c) => c.name)).toEqual([
      'Australia', 'Brazil', 'China', 'France', 'Germany', 'India', 'Iran', 'Italy', 'Japan', 'Malaysia',
      'Mexico', 'Norway', 'Philippines', 'Singapore', 'South Africa', 'Spain', 'UAE', 'United Kingdom', 'USA',
    ]);
  });

  it('finds countries by name and by code', () => {
    expect(countryByName('Malaysia')).toEqual({ code: '+60', name: 'Malaysia', lengths: [8, 9, 10], region: 'MY' });
    expect(countryByCode('+971')?.name).toBe('UAE');
    expect(countryByCode('+44')?.lengths).toEqual([10]);
    expect(countryByCode('+999')).toBeUndefined();
  });

  it('shows a country as "name (code)"', () => {
    expect(countryLabel(countryByName('India')!)).toBe('India (+91)');
  });

  it('defaults to +1 on sign-up and +91 for emergency contacts', () => {
    expect(SIGNUP_DEFAULT_COUNTRY_CODE).toBe('+1');
    expect(CONTACT_DEFAULT_COUNTRY_CODE).toBe('+91');
  });

  it('gives the allowed lengths, and 10 for an unknown code', () => {
    expect(allowedLengths('+1')).toEqual([10]);
    expect(allowedLengths('+60')).toEqual([8, 9, 10]);
    expect(allowedLengths('+65')).toEqual([8]);
    expect(allowedLengths('+999')).toEqual([10]);
  });
});

describe("sign-up's first country", () => {
  it("follows the region of the browser's language when the list has that country", () => {
    expect(signUpCountryFor(['en-GB', 'en'])).toBe('+44');
    expect(signUpCountryFor(['hi-IN'])).toBe('+91');
    expect(signUpCountryFor(['en', 'en-IN'])).toBe('+91');
  });

  it("starts at SPEC's +1 for a region not in the list, a language without a region, or nothing readable", () => {
    expect(signUpCountryFor(['en-NZ', 'en-GB'])).toBe('+1');
    expect(signUpCountryFor(['en'])).toBe('+1');
    expect(signUpCountryFor(['not a tag!'])).toBe('+1');
    expect(signUpCountryFor([])).toBe('+1');
  });
});
