import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { contactFieldsSchema } from './contacts.ts';
import { faceNameField } from './faces.ts';
import { emailField, hasForbiddenNameCharacter } from './fields.ts';
import { profileUsernameField } from './profile.ts';
import { signUpSchema } from './sign-up.ts';

const STRONG = 'Blue-Cactus9!Lamp';
const signUp = (overrides: Record<string, string>) => ({
  username: 'Asha',
  email: 'asha@example.com',
  countryCode: '+1',
  phoneNumber: '2025550123',
  licenseId: 'LIC-0001',
  password: STRONG,
  confirmPassword: STRONG,
  ...overrides,
});
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('names (usernames, faces, contacts, glasses)', () => {
  it.each([
    ['a right-to-left override', 'Asha\u202Egnp.exe'],
    ['a left-to-right override', 'Asha\u202D'],
    ['an embedding', 'Asha\u202A'],
    ['a pop', 'Asha\u202C'],
    ['an isolate', 'Asha\u2066x\u2069'],
    ['a control character', 'Asha\u0007'],
    ['a newline', 'Asha\nAdmin'],
    ['a line separator', 'Asha\u2028Admin'],
    ['a lone high surrogate', 'Asha\uD83D'],
    ['a lone low surrogate', '\uDE00Asha'],
    ['a zero-width space', 'As\u200Bha'],
    ['a right-to-left mark', 'Asha\u200F'],
    ['a byte-order mark', 'As\uFEFFha'],
    ['a soft hyphen', 'As\u00ADha'],
    ['a zero-width joiner between letters', 'As\u200Dha'],
    ['a zero-width non-joiner at the start', '\u200CAsha'],
  ])('refuse %s, with one message in every form', (_label, name) => {
    expect(hasForbiddenNameCharacter(name)).toBe(true);
    expect(firstMessage(signUpSchema.safeParse(signUp({ username: name })))).toBe(messages.nameCharacters);
    expect(firstMessage(profileUsernameField.safeParse(name))).toBe(messages.nameCharacters);
    expect(firstMessage(faceNameField('Please enter a name').safeParse(name))).toBe(messages.nameCharacters);
    const contacts = contactFieldsSchema.safeParse({ primary: { name, countryCode: '+1', phoneNumber: '2025550123' } });
    expect(contacts.error?.issues.find((issue) => issue.path.join('.') === 'primary.name')?.message).toBe(messages.nameCharacters);
  });

  it.each([
    'Asha', 'Zoë Müller', 'محمد', '李小龙', 'Mum 👩‍👧', "O'Neil-Smith", 'Dr. J. R. R. Tolkien', 'आशा', 'लक्ष्मी',
    // A joiner or non-joiner after a virama, as Hindi writes some conjuncts; emoji joined with a skin tone or a selector.
    'क्\u200Dष', 'क्\u200Cष', 'Dev 👩🏽\u200D💻', 'Love ❤️\u200D🔥',
  ])('accept %s', (name) => {
    expect(hasForbiddenNameCharacter(name)).toBe(false);
    expect(profileUsernameField.safeParse(name).success).toBe(true);
    expect(faceNameField('Please enter a name').safeParse(name).success).toBe(true);
  });
});

describe('license IDs', () => {
  it.each(['X,Email:someone@else.example', 'LIC 1', 'LIC:1', 'LIC_1', 'ΛIC-1', 'LIC-1\u202E'])('refuse %j: letters, numbers and dashes only', (licenseId) => {
    expect(firstMessage(signUpSchema.safeParse(signUp({ licenseId })))).toBe('License ID can only contain letters, numbers and dashes');
  });

  it.each(['LIC-0001', 'abc123', 'A-B-C-1', '  LIC-2  '])('accept %j', (licenseId) => {
    expect(signUpSchema.safeParse(signUp({ licenseId })).success).toBe(true);
  });
});

describe('e-mail addresses', () => {
  const email = emailField('Email required', 'Invalid email address');
  it.each([
    'victim@example.com,attacker@evil.example',
    'a;b@example.com',
    'Asha <asha@example.com>',
    '"a,b"@example.com',
    'group:asha@example.com',
    'asha(x)@example.com',
    'asha @example.com',
    'asha@example',
    'asha@-example.com',
    'asha..b@example.com',
    '.asha@example.com',
  ])('refuse %j, which a mailer would not read as one address', (value) => {
    expect(firstMessage(email.safeParse(value))).toBe('Invalid email address');
  });

  it.each(['asha@example.com', "o'neil@example.co.uk", 'asha+portal@example.com', 'zoë@exämple.de', 'ASHA@EXAMPLE.COM'])('accept %j', (value) => {
    expect(email.safeParse(value).success).toBe(true);
  });
});
