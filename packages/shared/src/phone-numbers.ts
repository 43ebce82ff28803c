import { parseIncompletePhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js';
import { allowedLengths, COUNTRIES, countryByCode, countryLabel, type Country } from './countries.ts';

/**
 * Phone numbers as people write and paste them (issue #9): spaces, dashes, dots, brackets, a leading national
 * trunk prefix ('07700 900123'), a leading '+' or '00' and the country code ('+44 (0)7700 900123'). libphonenumber-js
 * reads the number for the chosen country; product §5's rules (digits only, the country's digit count) are then applied
 * to the national number that remains, and stay the test of validity: the library's range data never refuses a
 * number (D-014). Nothing the user typed is dropped: a number either reads whole or gets a message.
 */
type PhoneReading =
  | { kind: 'blank' }
  /** Holds something other than digits, spaces, dashes, dots, brackets and one leading '+'. */
  | { kind: 'not-a-number' }
  /** Written with another country's code: `code` is that code ('+91'), or undefined when the library knows none. */
  | { kind: 'other-country'; code: string | undefined }
  /** The national number: the digits left once separators, the country code and a trunk prefix are read. */
  | { kind: 'number'; national: string };

/** Spaces, dashes (hyphen, non-breaking hyphen, figure, en and em dash, minus), dots and brackets. */
const SEPARATORS = /[\s\-\u2010-\u2014\u2212.()]/gu;
/** Digits of any script (the library reads Arabic-Indic and Persian digits as 0-9) after an optional '+'. */
const NUMBER_TEXT = /^\+?\p{Nd}+$/u;
/** product §5 sign-up: the 'general phone pattern' the national number matches. */
const PHONE_DIGITS_PATTERN = /^\d{4,15}$/;
/** Longest text a phone field takes: a 15-digit number written with generous spacing and brackets. */
export const PHONE_TEXT_MAX = 40;

const callingCodeOf = (countryCode: string) => countryCode.replace(/^\+/, '');

/** Reads `text` as a phone number of the country whose code is `countryCode` ('+44'). */
export function readPhoneNumber(text: string, countryCode: string): PhoneReading {
  const written = text.trim();
  if (written === '') return { kind: 'blank' };
  const compact = written.replace(SEPARATORS, '');
  if (!NUMBER_TEXT.test(compact)) return { kind: 'not-a-number' };
  const digits = parseIncompletePhoneNumber(compact);
  const country = countryByCode(countryCode);
  const callingCode = callingCodeOf(countryCode);
  try {
    const parsed = parsePhoneNumberWithError(
      digits,
      country ? { defaultCountry: country.region, extract: false } : { defaultCallingCode: callingCode, extract: false },
    );
    if (parsed.countryCallingCode !== callingCode) return { kind: 'other-country', code: `+${parsed.countryCallingCode}` };
    return { kind: 'number', national: parsed.nationalNumber };
  } catch {
    // Too short or too long for the library, or an unknown code: every digit counts; only our own code is read off.
    if (!digits.startsWith('+')) return { kind: 'number', national: digits };
    if (digits.startsWith(`+${callingCode}`)) return { kind: 'number', national: digits.slice(callingCode.length + 1) };
    return { kind: 'other-country', code: undefined };
  }
}

/** The messages one form gives for product §5's phone rules (sign-up, emergency contacts and profile word them differently). */
export interface PhoneRuleMessages {
  /** Letters or other signs. */
  notANumber: string;
  /** The national number does not match the general phone pattern (4 to 15 digits); absent: only the count is checked. */
  pattern?: string;
  /** The national number has the wrong digit count for the country. */
  length: (lengths: readonly number[], country: string) => string;
}

/** Added by this product: a number written with another country's code than the one chosen. */
function otherCountryCodeMessage(found: string | undefined, countryCode: string): string {
  const chosen = countryByCode(countryCode)?.name ?? countryCode;
  const foundCountry = found === undefined ? undefined : countryByCode(found);
  if (found !== undefined && foundCountry) {
    return `This number starts with ${found}, the code for ${foundCountry.name}. Choose ${countryLabel(foundCountry)} as the country code, or enter a number for ${chosen}.`;
  }
  return `This number starts with another country's code. Enter a number for ${chosen}, without the other country's code.`;
}

/** The message for a reading under `countryCode`, or undefined when it holds (a blank number holds: the caller says if it is required). */
export function phoneNumberIssue(reading: PhoneReading, countryCode: string, rule: PhoneRuleMessages): string | undefined {
  if (reading.kind === 'blank') return undefined;
  if (reading.kind === 'not-a-number') return rule.notANumber;
  if (reading.kind === 'other-country') return otherCountryCodeMessage(reading.code, countryCode);
  if (rule.pattern && !PHONE_DIGITS_PATTERN.test(reading.national)) return rule.pattern;
  const lengths = allowedLengths(countryCode);
  if (lengths.includes(reading.national.length)) return undefined;
  return rule.length(lengths, countryByCode(countryCode)?.name ?? countryCode);
}

/** The national number to store for `text`, or undefined when the text does not read as one. */
export function nationalNumberOf(text: string, countryCode: string): string | undefined {
  const reading = readPhoneNumber(text, countryCode);
  return reading.kind === 'number' ? reading.national : undefined;
}

/** What a complete entry will be saved as, grouped ('+44 7700 900123'); undefined while it is not a whole number yet. */
export function phoneNumberReadBack(text: string, countryCode: string): string | undefined {
  const reading = readPhoneNumber(text, countryCode);
  if (reading.kind !== 'number' || !allowedLengths(countryCode).includes(reading.national.length)) return undefined;
  return formatPhoneNumber(storedPhoneNumber(countryCode, reading.national));
}

/** The listed country whose code starts a number written whole ('+44 7700 900123'); none share a leading part. */
export function countryOfInternationalNumber(text: string): Country | undefined {
  const digits = parseIncompletePhoneNumber(text.trim().replace(SEPARATORS, ''));
  if (!digits.startsWith('+')) return undefined;
  return COUNTRIES.find((country) => digits.startsWith(country.code));
}

/** '+447700900123': how a whole number is stored (product §3: country code plus digits). */
export function storedPhoneNumber(countryCode: string, national: string): string {
  return `${countryCode}${national}`;
}

/** '+44 7700 900123': a number grouped the way its country writes it, for reading back. Takes a stored whole number. */
export function formatPhoneNumber(stored: string): string {
  try {
    return parsePhoneNumberWithError(stored).formatInternational();
  } catch {
    return stored;
  }
}

/**
 * '7700 900123': a saved number put back in an input beside its country code, grouped as the read view shows it
 * ('+44 7700 900123') without the code. Not the national form: India's '098765 43210' would look changed.
 */
export function nationalPhoneText(stored: string): string {
  try {
    const parsed = parsePhoneNumberWithError(stored);
    return parsed.formatInternational().slice(`+${parsed.countryCallingCode}`.length).trim();
  } catch {
    const country = countryOfInternationalNumber(stored);
    return country ? stored.slice(country.code.length) : stored;
  }
}

/** 'tel:+447700900123', so a saved number can be called from the page. */
export function phoneHref(stored: string): string {
  return `tel:${stored.replace(/[^\d+]/g, '')}`;
}
