import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { newPasswordSchema, resetRequestSchema, signInSchema } from './auth.ts';
import { signUpSchema } from './sign-up.ts';
import { firstIssue } from './issues.ts';

/** The first message a schema gives for `field`, or undefined when the field passes. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const STRONG = 'Blue-Cactus9!Lamp';

const signUp = (overrides: Record<string, unknown> = {}) => ({
  username: 'Asha',
  email: 'asha@example.com',
  countryCode: '+1',
  phoneNumber: '2025550123',
  licenseId: 'LIC-0001',
  password: STRONG,
  confirmPassword: STRONG,
  ...overrides,
});

describe('signUpSchema (product §5 sign-up)', () => {
  it('accepts a complete, valid form', () => {
    expect(signUpSchema.safeParse(signUp()).success).toBe(true);
  });

  it.each([
    ['username', '', 'Username required'],
    ['username', '   ', 'Username required'],
    ['username', undefined, 'Username required'],
    ['username', 'ab', 'Minimum 3 characters'],
    ['username', '  ab  ', 'Minimum 3 characters'],
    ['email', '', 'Email required'],
    ['email', undefined, 'Email required'],
    ['email', 'asha', 'Invalid email address'],
    ['email', 'asha@example', 'Invalid email address'],
    ['email', 'asha@@example.com', 'Invalid email address'],
    ['email', 'as ha@example.com', 'Invalid email address'],
    ['countryCode', '', 'Required'],
    ['countryCode', undefined, 'Required'],
    ['countryCode', '+999', 'Required'],
    ['phoneNumber', '', 'Phone required'],
    ['phoneNumber', undefined, 'Phone required'],
    ['phoneNumber', 'abcdefghij', 'Invalid phone number'],
    ['phoneNumber', '202-555-O123', 'Invalid phone number'],
    ['phoneNumber', '123', 'Invalid phone number'],
    ['phoneNumber', '202555012', 'Please enter exactly 10 digits for USA'],
    ['phoneNumber', '20255501234', 'Please enter exactly 10 digits for USA'],
    ['licenseId', '', 'License ID required'],
    ['licenseId', '  ', 'License ID required'],
    ['licenseId', undefined, 'License ID required'],
    ['password', '', 'Password required'],
    ['password', 'Ab1!xyz', 'Minimum 8 characters'],
    ['password', 'alllower1!', 'Must include uppercase, lowercase, number & symbol'],
    ['password', 'ALLUPPER1!', 'Must include uppercase, lowercase, number & symbol'],
    ['password', 'NoDigits!!', 'Must include uppercase, lowercase, number & symbol'],
    ['password', 'NoSymbol11', 'Must include uppercase, lowercase, number & symbol'],
    ['password', 'Wrong-Symbol9Only', 'Must include uppercase, lowercase, number & symbol'],
    ['confirmPassword', '', 'Confirmation required'],
    ['confirmPassword', undefined, 'Confirmation required'],
    ['confirmPassword', `${STRONG}x`, 'Passwords must match'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(signUpSchema, signUp({ [field]: value }), field)).toBe(message);
  });

  it.each([
    ['+1', '202-555-0123', '2025550123'],
    ['+1', '+1 (202) 555-0123', '2025550123'],
    ['+44', '07700 900123', '7700900123'],
    ['+44', '+44 7700 900123', '7700900123'],
  ])('reads the phone %s %j as the national number %s', (countryCode, phoneNumber, national) => {
    expect(signUpSchema.parse(signUp({ countryCode, phoneNumber })).phoneNumber).toBe(national);
  });

  it('checks the phone length against the chosen country', () => {
    expect(messageFor(signUpSchema, signUp({ countryCode: '+44', phoneNumber: '20794600' }), 'phoneNumber')).toBe(
      'Please enter exactly 10 digits for United Kingdom',
    );
    expect(messageFor(signUpSchema, signUp({ countryCode: '+86', phoneNumber: '1381234567' }), 'phoneNumber')).toBe(
      'Please enter exactly 11 digits for China',
    );
    expect(signUpSchema.safeParse(signUp({ countryCode: '+47', phoneNumber: '41234567' })).success).toBe(true);
    expect(signUpSchema.safeParse(signUp({ countryCode: '+971', phoneNumber: '501234567' })).success).toBe(true);
  });

  it('accepts 8, 9 or 10 digits for Malaysia and names all three otherwise', () => {
    for (const digits of ['12345678', '123456789', '1234567890']) {
      expect(signUpSchema.safeParse(signUp({ countryCode: '+60', phoneNumber: digits })).success).toBe(true);
    }
    for (const digits of ['1234567', '12345678901']) {
      expect(messageFor(signUpSchema, signUp({ countryCode: '+60', phoneNumber: digits }), 'phoneNumber')).toBe(
        'Phone number must be 8, 9 or 10 digits for Malaysia',
      );
    }
  });

  it('accepts passwords of 8 to 128 characters and refuses longer ones', () => {
    const of = (n: number) => `Aa1!${'x'.repeat(n - 4)}`;
    for (const password of [of(8), of(128)]) {
      expect(signUpSchema.safeParse(signUp({ password, confirmPassword: password })).success).toBe(true);
    }
    expect(messageFor(signUpSchema, signUp({ password: of(129), confirmPassword: of(129) }), 'password')).toBe('Maximum 128 characters');
  });

  it('accepts each of the symbols !@#$%^&*', () => {
    for (const symbol of '!@#$%^&*') {
      const password = `Quiet${symbol}River7`;
      expect(signUpSchema.safeParse(signUp({ password, confirmPassword: password })).success).toBe(true);
    }
  });

  it('does not trim passwords, so a space makes the confirmation differ', () => {
    expect(messageFor(signUpSchema, signUp({ confirmPassword: `${STRONG} ` }), 'confirmPassword')).toBe('Passwords must match');
  });

  it('trims text fields and lower-cases the email', () => {
    const result = signUpSchema.parse(signUp({ username: '  Asha  ', email: '  Asha@Example.COM ', licenseId: ' LIC-0001 ' }));
    expect(result).toMatchObject({ username: 'Asha', email: 'asha@example.com', licenseId: 'LIC-0001' });
  });

  it('refuses unknown fields by name', () => {
    const result = signUpSchema.safeParse(signUp({ isAdmin: true }));
    expect(result.success).toBe(false);
    expect(firstIssue(result.error!)).toEqual({ message: 'Unknown field: isAdmin' });
  });

  it('reports the first problem with the field it belongs to', () => {
    const result = signUpSchema.safeParse(signUp({ username: '' }));
    expect(firstIssue(result.error!)).toEqual({ message: 'Username required', field: 'username' });
  });

  it('refuses fields of the wrong type with the field named', () => {
    for (const value of [42, ['Asha'], { name: 'Asha' }, true]) {
      const result = signUpSchema.safeParse(signUp({ username: value }));
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]?.path).toEqual(['username']);
    }
  });
});

describe('signInSchema (product §5 login)', () => {
  it('accepts a license ID and password', () => {
    expect(signInSchema.parse({ licenseId: ' LIC-0001 ', password: ' secret ' })).toEqual({ licenseId: 'LIC-0001', password: ' secret ' });
  });

  it.each([
    ['licenseId', '', 'License ID required'],
    ['licenseId', '   ', 'License ID required'],
    ['licenseId', undefined, 'License ID required'],
    ['password', '', 'Password required'],
    ['password', undefined, 'Password required'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(signInSchema, { licenseId: 'LIC-0001', password: 'x', [field]: value }, field)).toBe(message);
  });

  it('refuses unknown fields', () => {
    const result = signInSchema.safeParse({ licenseId: 'LIC-0001', password: 'x', email: 'a@b.co' });
    expect(firstIssue(result.error!)).toEqual({ message: 'Unknown field: email' });
  });
});

describe('resetRequestSchema (product §5 reset, §8)', () => {
  it.each([
    ['', 'Please enter your email'],
    ['   ', 'Please enter your email'],
    [undefined, 'Please enter your email'],
    ['asha', 'Please enter a valid email'],
    ['asha@example', 'Please enter a valid email'],
  ])('email = %j → %s', (email, message) => {
    expect(messageFor(resetRequestSchema, { email }, 'email')).toBe(message);
  });

  it('accepts and normalises a valid email', () => {
    expect(resetRequestSchema.parse({ email: ' Asha@Example.com ' })).toEqual({ email: 'asha@example.com' });
  });

  it('refuses unknown fields', () => {
    const result = resetRequestSchema.safeParse({ email: 'asha@example.com', licenseId: 'x' });
    expect(firstIssue(result.error!)).toEqual({ message: 'Unknown field: licenseId' });
  });
});

describe('newPasswordSchema (reset: the same password rules as sign-up)', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({ token: 'abc', password: STRONG, confirmPassword: STRONG, ...overrides });

  it('accepts a token and a strong, confirmed password', () => {
    expect(newPasswordSchema.safeParse(body()).success).toBe(true);
  });

  it.each([
    ['token', '', 'This link is invalid or has already been used.'],
    ['password', '', 'Password required'],
    ['password', 'Ab1!xyz', 'Minimum 8 characters'],
    ['password', 'lowercase1!', 'Must include uppercase, lowercase, number & symbol'],
    ['confirmPassword', '', 'Confirmation required'],
    ['confirmPassword', 'Other-Cactus9!Lamp', 'Passwords must match'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(newPasswordSchema, body({ [field]: value }), field)).toBe(message);
  });

  it('accepts 128 characters and refuses 129', () => {
    const long = `Aa1!${'x'.repeat(124)}`;
    expect(newPasswordSchema.safeParse(body({ password: long, confirmPassword: long })).success).toBe(true);
    expect(messageFor(newPasswordSchema, body({ password: `${long}x`, confirmPassword: `${long}x` }), 'password')).toBe('Maximum 128 characters');
  });

  it('refuses unknown fields', () => {
    const result = newPasswordSchema.safeParse(body({ email: 'asha@example.com' }));
    expect(firstIssue(result.error!)).toEqual({ message: 'Unknown field: email' });
  });
});
