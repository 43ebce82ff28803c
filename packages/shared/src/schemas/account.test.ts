import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { changePasswordSchema } from './account.ts';

const STRONG = 'Violet-Harbour7&Kite';

describe('changePasswordSchema (/profile: Change password)', () => {
  it('signs the other browsers out and keeps the glasses unless told otherwise', () => {
    expect(changePasswordSchema.parse({ currentPassword: ' old ', newPassword: STRONG, confirmPassword: STRONG })).toEqual({
      currentPassword: ' old ',
      newPassword: STRONG,
      confirmPassword: STRONG,
      signOutOthers: true,
      unpairGlasses: false,
    });
  });

  it.each([
    ['currentPassword', '', messages.passwordRequired],
    ['newPassword', 'Ab1!xyz', 'Minimum 8 characters'],
    ['newPassword', 'alllower1!', 'Must include uppercase, lowercase, number & symbol'],
    ['confirmPassword', '', messages.confirmationRequired],
    ['confirmPassword', `${STRONG}x`, messages.passwordsMustMatch],
  ])('refuses %s %j with SPEC’s message', (field, value, message) => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: STRONG, confirmPassword: STRONG, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
