import { describe, expect, it } from 'vitest';
import { contactPhoneLengthMessage, signupPhoneLengthMessage } from './messages.ts';

describe('phone length messages (product §5)', () => {
  it("sign-up, one length: 'Please enter exactly {n} digits for {country}'", () => {
    expect(signupPhoneLengthMessage([10], 'USA')).toBe('Please enter exactly 10 digits for USA');
  });

  it("sign-up, two lengths: 'Phone number must be {a} or {b} digits for {country}'", () => {
    expect(signupPhoneLengthMessage([8, 9], 'Somewhere')).toBe('Phone number must be 8 or 9 digits for Somewhere');
  });

  it('sign-up, three lengths: lists them all, the last after "or"', () => {
    expect(signupPhoneLengthMessage([8, 9, 10], 'Malaysia')).toBe('Phone number must be 8, 9 or 10 digits for Malaysia');
  });

  it("emergency contacts: 'Phone number must be N digits for {country}' (several: 'N or M digits')", () => {
    expect(contactPhoneLengthMessage([10], 'India')).toBe('Phone number must be 10 digits for India');
    expect(contactPhoneLengthMessage([8, 9], 'Somewhere')).toBe('Phone number must be 8 or 9 digits for Somewhere');
    expect(contactPhoneLengthMessage([8, 9, 10], 'Malaysia')).toBe('Phone number must be 8, 9 or 10 digits for Malaysia');
  });
});
