import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import {
  countryOfInternationalNumber,
  formatPhoneNumber,
  nationalPhoneText,
  phoneHref,
  phoneNumberReadBack,
  phoneNumberIssue,
  readPhoneNumber,
  storedPhoneNumber,
  type PhoneRuleMessages,
} from './phone-numbers.ts';
import { contactPhoneIssue } from './schemas/contacts.ts';
import { signupPhoneIssue } from './schemas/sign-up.ts';

const UK = '+44';

describe('reading a phone number as people write and paste it', () => {
  it.each([
    ['07700900123', 'typed at home, with the trunk 0'],
    ['07700 900123', 'grouped as the UK writes it'],
    ['7700 900123', 'without the trunk 0'],
    ['07700-900-123', 'with dashes'],
    ['(07700) 900 123', 'with brackets'],
    ['0 7 7 0 0 9 0 0 1 2 3', 'one digit at a time with spaces'],
    ['+44 7700 900123', 'pasted in international form'],
    ['+44 (0)7700 900123', "with the (0) people add"],
    ['+447700900123', 'stored form'],
    ['0044 7700 900123', "with the international prefix 00 instead of '+'"],
    ['447700900123', "with the code but no '+'"],
    ['\u00a007700\u2013900123 ', 'with a non-breaking space and an en dash'],
    ['٠٧٧٠٠٩٠٠١٢٣', 'in Arabic-Indic digits'],
  ])('%j (%s) is the UK number 7700900123', (text) => {
    expect(readPhoneNumber(text, UK)).toEqual({ kind: 'number', national: '7700900123' });
  });

  it('accepts 07700 900123 although the library lists it as no one’s (a reserved drama number)', () => {
    expect(contactPhoneIssue('07700 900123', UK)).toBeUndefined();
    expect(signupPhoneIssue('07700 900123', UK)).toBeUndefined();
  });

  it('keeps every digit: the number that used to be cut to 0770090012 is now told it is one digit short', () => {
    expect(readPhoneNumber('0770090012', UK)).toEqual({ kind: 'number', national: '770090012' });
    expect(contactPhoneIssue('0770090012', UK)).toBe('Phone number must be 10 digits for United Kingdom');
    expect(contactPhoneIssue('077009001234', UK)).toBe('Phone number must be 10 digits for United Kingdom');
    expect(readPhoneNumber('1234567890123456789012', UK)).toEqual({ kind: 'number', national: '1234567890123456789012' });
  });

  it.each([
    ['IN', '+91', '098765 43210', '9876543210'],
    ['US', '+1', '(202) 555-0123', '2025550123'],
    ['US', '+1', '1 202 555 0123', '2025550123'],
    ['AU', '+61', '0412 345 678', '412345678'],
    ['DE', '+49', '0151 12345678', '15112345678'],
    ['FR', '+33', '06 12 34 56 78', '612345678'],
    ['IT', '+39', '06 1234 5678', '0612345678'],
    ['MY', '+60', '012-345 6789', '123456789'],
    ['JP', '+81', '090-1234-5678', '9012345678'],
    ['CN', '+86', '138 1234 5678', '13812345678'],
    ['AE', '+971', '050 123 4567', '501234567'],
    ['IR', '+98', '۰۹۱۲ ۳۴۵ ۶۷۸۹', '9123456789'],
  ])('reads a number of %s (%s) written %j as %s', (_region, code, text, national) => {
    expect(readPhoneNumber(text, code)).toEqual({ kind: 'number', national });
  });

  it('reads a stored national number back as itself, for every country', () => {
    const samples: Record<string, string> = {
      '+1': '2025550123', '+44': '7700900123', '+91': '9876543210', '+61': '412345678', '+86': '13812345678', '+49': '15112345678',
      '+33': '612345678', '+81': '9012345678', '+27': '821234567', '+55': '11987654321', '+34': '612345678', '+52': '5512345678',
      '+39': '3123456789', '+971': '501234567', '+47': '41234567', '+63': '9171234567', '+98': '9123456789', '+60': '123456789', '+65': '81234567',
    };
    for (const country of COUNTRIES) {
      const national = samples[country.code]!;
      expect(readPhoneNumber(national, country.code), country.name).toEqual({ kind: 'number', national });
      expect(readPhoneNumber(nationalPhoneText(storedPhoneNumber(country.code, national)), country.code), country.name).toEqual({ kind: 'number', national });
      expect(readPhoneNumber(formatPhoneNumber(storedPhoneNumber(country.code, national)), country.code), country.name).toEqual({ kind: 'number', national });
    }
  });

  it('tells blank, letters and other countries apart', () => {
    expect(readPhoneNumber('   ', UK)).toEqual({ kind: 'blank' });
    for (const text of ['0770O 900123', '07700 900123 ext 4', '+44+7700900123', '07700#900123', '+', 'abc']) {
      expect(readPhoneNumber(text, UK), text).toEqual({ kind: 'not-a-number' });
    }
    expect(readPhoneNumber('+91 98765 43210', UK)).toEqual({ kind: 'other-country', code: '+91' });
    expect(readPhoneNumber('+999 1234 5678', UK)).toEqual({ kind: 'other-country', code: undefined });
  });
});

describe('the rule: product §5 on the national number, in each form’s words', () => {
  const rule: PhoneRuleMessages = { notANumber: 'not a number', pattern: 'pattern', length: (lengths, country) => `${lengths.join('/')} for ${country}` };

  it('checks the general pattern, then the count', () => {
    expect(phoneNumberIssue(readPhoneNumber('123', '+1'), '+1', rule)).toBe('pattern');
    expect(phoneNumberIssue(readPhoneNumber('20255501', '+1'), '+1', rule)).toBe('10 for USA');
    expect(phoneNumberIssue(readPhoneNumber('202 555 0123', '+1'), '+1', rule)).toBeUndefined();
    expect(phoneNumberIssue(readPhoneNumber('12-34', '+60'), '+60', { ...rule, pattern: undefined })).toBe('8/9/10 for Malaysia');
    expect(phoneNumberIssue(readPhoneNumber('', '+1'), '+1', rule)).toBeUndefined();
    expect(phoneNumberIssue(readPhoneNumber('2O2', '+1'), '+1', rule)).toBe('not a number');
  });

  it('says which code a number of another country starts with', () => {
    expect(contactPhoneIssue('+91 98765 43210', UK)).toBe(
      'This number starts with +91, the code for India. Choose India (+91) as the country code, or enter a number for United Kingdom.',
    );
    expect(contactPhoneIssue('+353 85 123 4567', UK)).toBe(
      "This number starts with another country's code. Enter a number for United Kingdom, without the other country's code.",
    );
  });
});

describe('reading a saved number back', () => {
  it('groups it the way its country writes it', () => {
    expect(formatPhoneNumber('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhoneNumber('+12025550123')).toBe('+1 202 555 0123');
    expect(formatPhoneNumber('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });

  it('puts it back in an input as the read view groups it, without the country code, and links it for calling', () => {
    expect(nationalPhoneText('+447700900123')).toBe('7700 900123');
    expect(nationalPhoneText('+919876543210')).toBe('98765 43210');
    expect(nationalPhoneText('+12025550123')).toBe('202 555 0123');
    expect(phoneHref('+447700900123')).toBe('tel:+447700900123');
    expect(phoneHref('+44 7700 900123')).toBe('tel:+447700900123');
  });

  it('says what a complete entry will be saved as, and nothing before', () => {
    expect(phoneNumberReadBack('07700 900123', UK)).toBe('+44 7700 900123');
    expect(phoneNumberReadBack('+44 (0)7700-900-123', UK)).toBe('+44 7700 900123');
    expect(phoneNumberReadBack('07700 90012', UK)).toBeUndefined();
    expect(phoneNumberReadBack('+91 98765 43210', UK)).toBeUndefined();
    expect(phoneNumberReadBack('', UK)).toBeUndefined();
  });

  it('finds the country of a whole number by its code', () => {
    expect(countryOfInternationalNumber('+44 7700 900123')?.name).toBe('United Kingdom');
    expect(countryOfInternationalNumber('+971501234567')?.name).toBe('UAE');
    expect(countryOfInternationalNumber('07700 900123')).toBeUndefined();
    expect(countryOfInternationalNumber('+353851234567')).toBeUndefined();
  });
});
