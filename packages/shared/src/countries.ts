/** SPEC §3: country code, name and the digit count(s) a phone number needs there. */
export interface Country {
  code: string;
  name: string;
  lengths: readonly number[];
}

const TABLE: readonly Country[] = [
  { code: '+1', name: 'USA', lengths: [10] },
  { code: '+44', name: 'UK', lengths: [10] },
  { code: '+44', name: 'United Kingdom', lengths: [10] },
  { code: '+91', name: 'India', lengths: [10] },
  { code: '+61', name: 'Australia', lengths: [9] },
  { code: '+86', name: 'China', lengths: [11] },
  { code: '+49', name: 'Germany', lengths: [11] },
  { code: '+33', name: 'France', lengths: [9] },
  { code: '+81', name: 'Japan', lengths: [10] },
  { code: '+27', name: 'South Africa', lengths: [10] },
  { code: '+55', name: 'Brazil', lengths: [11] },
  { code: '+34', name: 'Spain', lengths: [9] },
  { code: '+52', name: 'Mexico', lengths: [10] },
  { code: '+39', name: 'Italy', lengths: [10] },
  { code: '+971', name: 'UAE', lengths: [9] },
  { code: '+47', name: 'Norway', lengths: [8] },
  { code: '+63', name: 'Philippines', lengths: [10] },
  { code: '+98', name: 'Iran', lengths: [10] },
  { code: '+60', name: 'Malaysia', lengths: [8, 9, 10] },
  { code: '+65', name: 'Singapore', lengths: [8] },
];

/** SPEC §3: an unknown code validates against 10 digits and accepts at most 15. */
export const UNKNOWN_COUNTRY_LENGTH = 10;
export const UNKNOWN_COUNTRY_MAX_LENGTH = 15;

/** Every country, sorted by name, as lists show them. */
export const COUNTRIES: readonly Country[] = [...TABLE].sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const SIGNUP_DEFAULT_COUNTRY_CODE = '+1';
export const CONTACT_DEFAULT_COUNTRY_CODE = '+91';

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((c) => c.code === code);
}

export function countryByName(name: string): Country | undefined {
  return COUNTRIES.find((c) => c.name === name);
}

export function isKnownCountryCode(code: string): boolean {
  return countryByCode(code) !== undefined;
}

/** The digit counts a number needs for this code. */
export function allowedLengths(code: string): readonly number[] {
  return countryByCode(code)?.lengths ?? [UNKNOWN_COUNTRY_LENGTH];
}

/** The most digits the phone input accepts for this code. */
export function maxPhoneLength(code: string): number {
  const country = countryByCode(code);
  return country ? Math.max(...country.lengths) : UNKNOWN_COUNTRY_MAX_LENGTH;
}

/** Keeps the digits of a typed value, capped at the country's longest length. */
export function sanitisePhoneDigits(value: string, code: string): string {
  return value.replace(/\D/g, '').slice(0, maxPhoneLength(code));
}

/** 'Malaysia (+60)': how selects show a country. */
export function countryLabel(country: Country): string {
  return `${country.name} (${country.code})`;
}
