import { describe, expect, it } from 'vitest';
import { helperMessages } from '../helpers.ts';
import { messages } from '../messages.ts';
import { faceNameField } from './faces.ts';
import { acceptAsNewHelperSchema, changeHelperPasswordSchema, helperNameField, inviteHelperSchema } from './helpers.ts';
import { firstIssue } from './issues.ts';

const issue = (result: { success: boolean; error?: unknown }) => (result.success ? undefined : firstIssue(result.error as Parameters<typeof firstIssue>[0]));

describe('the helper rules', () => {
  it('checks a helper name as a face name is checked, at most 50 characters', () => {
    for (const name of ['Sam', '  Sam Okafor ', 'Zoë', 'x'.repeat(50)]) {
      expect(helperNameField('required').safeParse(name).success, name).toBe(faceNameField('required').safeParse(name).success);
      expect(helperNameField('required').safeParse(name).success, name).toBe(true);
    }
    for (const name of ['', '   ', 'Sam\u202Eevil', 'Tab\there', 'Line\nbreak']) {
      expect(helperNameField('required').safeParse(name).success, JSON.stringify(name)).toBe(false);
      expect(faceNameField('required').safeParse(name).success, JSON.stringify(name)).toBe(false);
    }
    expect(issue(helperNameField('required').safeParse('x'.repeat(51)))?.message).toBe(helperMessages.nameTooLong);
  });

  it('invites one plain address, lower-cased, with the sign-up messages', () => {
    expect(inviteHelperSchema.parse({ name: ' Sam ', email: 'Sam@Example.COM' })).toEqual({ name: 'Sam', email: 'sam@example.com' });
    expect(issue(inviteHelperSchema.safeParse({ name: 'Sam', email: 'a@b.com, c@d.com' }))).toEqual({ message: messages.invalidEmail, field: 'email' });
    expect(issue(inviteHelperSchema.safeParse({ name: '', email: 'a@b.com' }))).toEqual({ message: helperMessages.nameRequired, field: 'name' });
  });

  it('asks a new helper for SPEC’s password, confirmed, and a changed password confirmed', () => {
    const base = { token: 't', name: 'Sam', password: 'Blue-Cactus9!Lamp' };
    expect(issue(acceptAsNewHelperSchema.safeParse({ ...base, confirmPassword: 'Other' }))).toEqual({ message: messages.passwordsMustMatch, field: 'confirmPassword' });
    expect(issue(acceptAsNewHelperSchema.safeParse({ ...base, password: 'short', confirmPassword: 'short' }))).toEqual({ message: messages.minimum8, field: 'password' });
    const change = { currentPassword: 'old', newPassword: 'Blue-Cactus9!Lamp', confirmPassword: 'Blue-Cactus9!Lamq' };
    expect(issue(changeHelperPasswordSchema.safeParse(change))).toEqual({ message: messages.passwordsMustMatch, field: 'confirmPassword' });
  });
});
