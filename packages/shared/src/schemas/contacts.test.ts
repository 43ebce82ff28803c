import { describe, expect, it } from 'vitest';
import {
  contactFieldIssues,
  contactFieldsSchema,
  contactPhoneIssue,
  contactsFormIssue,
  contactsToFormValues,
  saveContactsSchema,
  type ContactInput,
} from './contacts.ts';
import { firstIssue } from './issues.ts';

const primary: ContactInput = { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' };
const secondary: ContactInput = { name: 'Lee Wong', countryCode: '+60', phoneNumber: '123456789' };
const blank: ContactInput = { name: '', countryCode: '+91', phoneNumber: '' };

function answer(input: unknown) {
  const result = saveContactsSchema.safeParse(input);
  return result.success ? { data: result.data } : firstIssue(result.error);
}

describe('contact phone rule (product §5 emergency contacts)', () => {
  it.each([
    ['98765abc10', '+91', 'Only numbers allowed'],
    ['98765_43210', '+91', 'Only numbers allowed'],
    ['9876+543210', '+91', 'Only numbers allowed'],
    ['987654321', '+91', 'Phone number must be 10 digits for India'],
    ['98765432101', '+91', 'Phone number must be 10 digits for India'],
    ['1234567', '+60', 'Phone number must be 8, 9 or 10 digits for Malaysia'],
    ['12345678901', '+60', 'Phone number must be 8, 9 or 10 digits for Malaysia'],
    ['123456789', '+65', 'Phone number must be 8 digits for Singapore'],
    ['1234567890', '+86', 'Phone number must be 11 digits for China'],
  ])('%s under %s: %s', (phone, code, message) => {
    expect(contactPhoneIssue(phone, code)).toBe(message);
  });

  it.each([
    ['9876543210', '+91'],
    ['12345678', '+60'],
    ['123456789', '+60'],
    ['1234567890', '+60'],
    ['12345678', '+47'],
    ['98765 43210', '+91'],
    ['098765-43210', '+91'],
    ['+91 98765 43210', '+91'],
    ['07700 900123', '+44'],
    ['', '+91'],
  ])('%j under %s passes', (phone, code) => {
    expect(contactPhoneIssue(phone, code)).toBeUndefined();
  });
});

describe('saving contacts: one message, the same precedence as the form', () => {
  it('saves a primary alone and drops a blank secondary', () => {
    expect(answer({ primary })).toEqual({ data: { primary, secondary: undefined } });
    expect(answer({ primary, secondary: blank })).toEqual({ data: { primary, secondary: undefined } });
    expect(answer({ primary, secondary: null })).toEqual({ data: { primary, secondary: undefined } });
  });

  it('saves each phone as its national number, however it was written', () => {
    const uk = { name: 'Tom Lee', countryCode: '+44', phoneNumber: '+44 (0)7700 900123' };
    expect(answer({ primary: { ...primary, phoneNumber: '098765 43210' }, secondary: uk })).toEqual({
      data: { primary, secondary: { ...uk, phoneNumber: '7700900123' } },
    });
  });

  it('saves both, names trimmed', () => {
    expect(answer({ primary: { ...primary, name: '  Asha Rao ' }, secondary })).toEqual({ data: { primary, secondary } });
  });

  it.each([
    [{}, 'no primary'],
    [{ primary: blank }, 'a blank primary'],
    [{ primary: { ...primary, name: '   ' } }, 'a primary without a name'],
    [{ primary: { ...primary, phoneNumber: '' } }, 'a primary without a phone'],
    [{ primary: { ...primary, name: '', phoneNumber: '12ab' } }, 'no name even though the phone is also wrong'],
  ])('%j (%s): the primary is required', (input, _what) => {
    expect(answer(input)).toEqual({ message: 'Primary emergency contact is required' });
    expect(contactsFormIssue(input)).toBe('Primary emergency contact is required');
  });

  it.each([
    [{ primary: { ...primary, phoneNumber: '98765abc10' } }, 'letters in the primary phone'],
    [{ primary: { ...primary, phoneNumber: '98765' } }, 'a short primary phone'],
    [{ primary, secondary: { ...secondary, phoneNumber: '1234567' } }, 'a short secondary phone'],
    [{ primary, secondary: { ...secondary, name: '', phoneNumber: '12x' } }, 'a bad phone in a half-filled secondary'],
  ])('%j (%s): phone errors block saving', (input, _what) => {
    expect(answer(input)).toEqual({ message: 'Please fix phone number validation errors' });
    expect(contactsFormIssue(input)).toBe('Please fix phone number validation errors');
  });

  it.each([
    [{ primary, secondary: { ...secondary, phoneNumber: '' } }, 'name only'],
    [{ primary, secondary: { ...secondary, name: '  ' } }, 'phone only'],
  ])('%j (secondary with %s): complete or clear it', (input, _what) => {
    expect(answer(input)).toEqual({ message: 'Please complete or clear secondary contact information' });
    expect(contactsFormIssue(input)).toBe('Please complete or clear secondary contact information');
  });

  it('refuses names over 100 characters', () => {
    expect(answer({ primary: { ...primary, name: 'x'.repeat(101) } })).toEqual({ message: 'Maximum 100 characters', field: 'primary.name' });
    expect(answer({ primary: { ...primary, name: 'x'.repeat(100) } })).toHaveProperty('data');
  });

  it('refuses an unknown country code', () => {
    expect(answer({ primary: { ...primary, countryCode: '+999' } })).toEqual({
      message: 'Please choose a country code from the list.',
      field: 'primary.countryCode',
    });
  });

  it('refuses a third contact and unknown fields', () => {
    expect(answer({ primary, secondary, tertiary: primary })).toEqual({
      message: 'Only two emergency contacts can be saved: a primary and a secondary.',
      field: 'tertiary',
    });
    expect(answer({ primary, note: 'x' })).toEqual({ message: 'Unknown field: note', field: 'note' });
    expect(answer({ primary: { ...primary, email: 'a@b.c' } })).toEqual({ message: 'Unknown field: email' });
  });

  it('names the contact shape when a contact is not an object', () => {
    expect(answer({ primary: '9876543210' })).toEqual({ message: 'Each contact needs a name, countryCode and phoneNumber.', field: 'primary' });
  });
});

describe('the form: field messages beside each field', () => {
  it('lists each field issue under its path', () => {
    const value = { primary: { ...primary, phoneNumber: '98a' }, secondary: { ...secondary, phoneNumber: '1234567' } };
    expect(contactFieldIssues(value)).toEqual([
      { path: ['primary', 'phoneNumber'], message: 'Only numbers allowed' },
      { path: ['secondary', 'phoneNumber'], message: 'Phone number must be 8, 9 or 10 digits for Malaysia' },
    ]);
    const result = contactFieldsSchema.safeParse(value);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['primary.phoneNumber', 'Only numbers allowed'],
      ['secondary.phoneNumber', 'Phone number must be 8, 9 or 10 digits for Malaysia'],
    ]);
  });

  it('shows nothing for a blank secondary', () => {
    expect(contactFieldIssues({ primary, secondary: { name: '', countryCode: '', phoneNumber: '' } })).toEqual([]);
  });

  it('turns saved contacts into form values grouped as the read view shows them, blanks under India by default', () => {
    const saved = [{ name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: '2025-04-30T00:00:00.000Z' }];
    expect(contactsToFormValues(saved)).toEqual({ primary: { ...primary, phoneNumber: '98765 43210' }, secondary: blank });
    expect(contactsToFormValues([])).toEqual({ primary: blank, secondary: blank });
  });

  it("puts blank contacts under the user's own country when it is known", () => {
    const uk = { name: '', countryCode: '+44', phoneNumber: '' };
    expect(contactsToFormValues([], '+44')).toEqual({ primary: uk, secondary: uk });
  });
});
