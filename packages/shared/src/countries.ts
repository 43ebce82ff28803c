import type { CountryCode } from 'libphonenumber-js';

/**
 * product §3: country code, name and the digit count(s) a phone number needs there, plus the ISO 3166 region that
 * libphonenumber-js reads the country's numbers by (trunk prefix, how numbers are grouped).
 */
export interface Country {
  code: string;
  name: string;
  lengths: readonly number[];
  region: CountryCode;
}

/**
 * SPEC's table lists +44 twice, as 'UK' and as 'United Kingdom'. Lists show one entry per country (issue #9: a
 * saved 'United Kingdom' reopened as 'UK'), so the table keeps 'United Kingdom' only and every code names one
 * country (D-014).
 */
const TABLE: readonly Country[] = [
  { code: '+1', name: 'USA', lengths: [10], region: 'US' },
  { code: '+44', name: 'United Kingdom', lengths: [10], region: 'GB' },
  { code: '+91', name: 'India', lengths: [10], region: 'IN' },
  { code: '+61', name: 'Australia', lengths: [9], region: 'AU' },
  { code: '+86', name: 'China', lengths: [11], region: 'CN' },
  { code: '+49', name: 'Germany', lengths: [11], region: 'DE' },
  { code: '+33', name: 'France', lengths: [9], region: 'FR' },
  { code: '+81', name: 'Japan', lengths: [10], region: 'JP' },
  { code: '+27', name: 'South Africa', lengths: [10], region: 'ZA' },
  { code: '+55', name: 'Brazil', lengths: [11], region: 'BR' },
  { code: '+34', name: 'Spain', lengths: [9], region: 'ES' },
  { code: '+52', name: 'Mexico', lengths: [10], region: 'MX' },
  { code: '+39', name: 'Italy', lengths: [10], region: 'IT' },
  { code: '+971', name: 'UAE', lengths: [9], region: 'AE' },
  { code: '+47', name: 'Norway', lengths: [8], region: 'NO' },
  { code: '+63', name: 'Philippines', lengths: [10], region: 'PH' },
  { code: '+98', name: 'Iran', lengths: [10], region: 'IR' },
  { code: '+60', name: 'Malaysia', lengths: [8, 9, 10], region: 'MY' },
  { code: '+65', name: 'Singapore', lengths: [8], region: 'SG' },
];

/** product §3: an unknown code validates against 10 digits. */
const UNKNOWN_COUNTRY_LENGTH = 10;

/**
 * Every country, sorted by name, as lists show them. The names are plain ASCII, which English sorts as their lower
 * case does: a collator (or `localeCompare` with a locale) would load ICU's collation data as every page starts, tens
 * of milliseconds on a slow phone.
 */
export const COUNTRIES: readonly Country[] = [...TABLE].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));

export const SIGNUP_DEFAULT_COUNTRY_CODE = '+1';
export const CONTACT_DEFAULT_COUNTRY_CODE = '+91';

/**
 * Sign-up's first country: the region of the browser's first language that names one ('en-GB' → +44, 'hi-IN' → +91),
 * when that country is in the list; SPEC's +1 otherwise.
 */
export function signUpCountryFor(languages: readonly string[]): string {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue;
    }
    if (region) return COUNTRIES.find((c) => c.region === region)?.code ?? SIGNUP_DEFAULT_COUNTRY_CODE;
  }
  return SIGNUP_DEFAULT_COUNTRY_CODE;
}

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

/** 'Malaysia (+60)': how selects show a country. */
export function countryLabel(country: Country): string {
  return `${country.name} (${country.code})`;
}
