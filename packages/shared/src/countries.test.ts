import { describe, expect, it } from 'vitest';
import {
  allowedLengths,
  CONTACT_DEFAULT_COUNTRY_CODE,
  COUNTRIES,
  countryByCode,
  countryByName,
  countryLabel,
  maxPhoneLength,
  sanitisePhoneDigits,
  SIGNUP_DEFAULT_COUNTRY_CODE,
} from './countries.ts';

/** SPEC §3, verbatim: code, name, digit count(s). */
const SPEC_TABLE: Array<[string, string, number[]]> = [
  ['+1', 'USA', [10]],
  ['+44', 'UK', [10]],
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

describe('country table (SPEC §3)', () => {
  it('holds exactly the twenty countries of the SPEC with their lengths', () => {
    const table = COUNTRIES.map((c) => [c.code, c.name, [...c.lengths]]);
    expect(table).toHaveLength(SPEC_TABLE.length);
    expect(table).toEqual(expect.arrayContaining(SPEC_TABLE));
  });

  it('is sorted by country name', () => {
    expect(COUNTRIES.map((c) => c.name)).toEqual([
      'Australia', 'Brazil', 'China', 'France', 'Germany', 'India', 'Iran', 'Italy', 'Japan', 'Malaysia',
      'Mexico', 'Norway', 'Philippines', 'Singapore', 'South Africa', 'Spain', 'UAE', 'UK', 'United Kingdom', 'USA',
    ]);
  });

  it('finds countries by name and by code', () => {
    expect(countryByName('Malaysia')).toEqual({ code: '+60', name: 'Malaysia', lengths: [8, 9, 10] });
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

  it('caps input at the longest allowed length, and 15 for an unknown code', () => {
    expect(maxPhoneLength('+1')).toBe(10);
    expect(maxPhoneLength('+60')).toBe(10);
    expect(maxPhoneLength('+86')).toBe(11);
    expect(maxPhoneLength('+47')).toBe(8);
    expect(maxPhoneLength('+999')).toBe(15);
  });
});

describe('sanitisePhoneDigits', () => {
  it('keeps only digits', () => {
    expect(sanitisePhoneDigits('(202) 555-0123', '+1')).toBe('2025550123');
    expect(sanitisePhoneDigits('abc', '+1')).toBe('');
    expect(sanitisePhoneDigits('', '+1')).toBe('');
  });

  it("caps the digits at the country's longest length", () => {
    expect(sanitisePhoneDigits('202555012399', '+1')).toBe('2025550123');
    expect(sanitisePhoneDigits('1234567890123', '+60')).toBe('1234567890');
    expect(sanitisePhoneDigits('123456789012', '+65')).toBe('12345678');
    expect(sanitisePhoneDigits('1-2-3-4-5-6-7-8-9-0-1-2', '+86')).toBe('12345678901');
  });

  it('caps an unknown code at 15 digits', () => {
    expect(sanitisePhoneDigits('12345678901234567890', '+999')).toBe('123456789012345');
  });
});
