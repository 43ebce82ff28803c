import { describe, expect, it } from 'vitest';
import { accountLabel, maskedEmail } from './devices.ts';

describe('how the glasses name the account they joined', () => {
  it("says the username and the e-mail's first character and domain", () => {
    expect(accountLabel('Asha', 'asha.k@example.com')).toBe('Asha, a••••@example.com');
  });
  it('hides how long the address is, and keeps a first character that is not ASCII whole', () => {
    expect(maskedEmail('a@example.com')).toBe('a••••@example.com');
    expect(maskedEmail('averyveryverylongname@example.com')).toBe('a••••@example.com');
    expect(maskedEmail('😀x@example.in')).toBe('😀••••@example.in');
  });
});
