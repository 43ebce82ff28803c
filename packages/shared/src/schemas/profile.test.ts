import { describe, expect, it } from 'vitest';
import { firstIssue } from './issues.ts';
import {
  profileEditSchema,
  profilePhoneFormSchema,
  profilePhoneSchema,
  profileUpdatedMessage,
  profileUpdateFailedMessage,
  profileUsernameSchema,
} from './profile.ts';

function answer(input: unknown) {
  const result = profileEditSchema.safeParse(input);
  return result.success ? { data: result.data } : firstIssue(result.error);
}

describe('profile edit (product §5 profile edit)', () => {
  it.each([
    ['  Asha  ', 'Asha'],
    ['abc', 'abc'],
    ['x'.repeat(50), 'x'.repeat(50)],
  ])('accepts the username %j as %j', (username, saved) => {
    expect(answer({ username })).toEqual({ data: { username: saved } });
  });

  it.each([
    ['', 'Username must be at least 3 characters.'],
    ['ab', 'Username must be at least 3 characters.'],
    ['   ab   ', 'Username must be at least 3 characters.'],
    ['x'.repeat(51), 'Maximum 50 characters'],
  ])('refuses the username %j with %j', (username, message) => {
    expect(answer({ username })).toEqual({ message, field: 'username' });
    expect(profileUsernameSchema.safeParse({ username }).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['+12025550123', '+12025550123'],
    ['+919876543210', '+919876543210'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['+1 (202) 555-0123', '+12025550123'],
  ])('accepts the phone %j as %j', (phone, saved) => {
    expect(answer({ phone })).toEqual({ data: { phone: saved } });
  });

  it.each(['', '1234567890', '07700 900123', '+0123456789', '+353 85 123 4567', '+12345abc90', '++1234567890'])(
    'refuses the phone %j with the SPEC message',
    (phone) => {
      expect(answer({ phone })).toEqual({ message: 'Please enter a valid phone number.', field: 'phone' });
      expect(profilePhoneSchema.safeParse({ phone }).success).toBe(false);
    },
  );

  it.each([
    ['+12345', 'Please enter exactly 10 digits for USA'],
    ['+1234567890', 'Please enter exactly 10 digits for USA'],
    ['+44 7700 90012', 'Please enter exactly 10 digits for United Kingdom'],
  ])('refuses the phone %j with the digit count of its country', (phone, message) => {
    expect(answer({ phone })).toEqual({ message, field: 'phone' });
  });

  it('reads the phone form (country list and number) as the PATCH body', () => {
    expect(profilePhoneFormSchema.parse({ countryCode: '+44', phoneNumber: '07700 900123' })).toEqual({ phone: '+447700900123' });
    const refused = profilePhoneFormSchema.safeParse({ countryCode: '+44', phoneNumber: '0770090012' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phoneNumber', 'Please enter exactly 10 digits for United Kingdom'],
    ]);
    expect(profilePhoneFormSchema.safeParse({ countryCode: '+44', phoneNumber: '' }).error?.issues[0]?.message).toBe(
      'Please enter a valid phone number.',
    );
  });

  it.each(['email', 'license_id', 'licenseId'])('refuses an edit of %s: it is read-only', (field) => {
    expect(answer({ [field]: 'x' })).toEqual({ message: 'Email and license ID are not editable.', field });
    expect(answer({ username: 'Asha', [field]: 'x' })).toEqual({ message: 'Email and license ID are not editable.', field });
  });

  it('refuses any other field', () => {
    expect(answer({ role: 'admin' })).toEqual({ message: 'Only username and phone can be edited.', field: 'role' });
  });

  it('takes exactly one field at a time', () => {
    const message = 'Edit one field at a time: send either username or phone.';
    expect(answer({})).toEqual({ message });
    expect(answer({ username: 'Asha', phone: '+1234567890' })).toEqual({ message });
  });

  it('words success and failure as product §8 does', () => {
    expect(profileUpdatedMessage('username')).toBe('Username updated successfully.');
    expect(profileUpdatedMessage('phone')).toBe('Phone updated successfully.');
    expect(profileUpdateFailedMessage('phone')).toBe('Failed to update phone. Please try again.');
  });
});
