import { randomBytes } from 'node:crypto';

/** The password every test user has: it meets the sign-up rules. */
export const TEST_PASSWORD = 'Blue-Cactus9!Lamp';

/** What a user types to sign up (but the confirmation: see signUpBody). */
export interface TestUser {
  username: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  licenseId: string;
  password: string;
}

let counter = 0;

/** A fresh, valid identity, not yet signed up; e-mail and license ID are unique across calls, processes and runs. */
export function unregisteredUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const id = `${counter}${randomBytes(4).toString('hex')}`;
  return {
    username: `Tester ${id}`,
    email: `user-${id}@example.com`,
    countryCode: '+1',
    phoneNumber: '2025550123',
    licenseId: `LIC-${id.toUpperCase()}`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** The body of POST /api/auth/sign-up for `user`: its fields and the password confirmed. */
export function signUpBody(user: TestUser): TestUser & { confirmPassword: string } {
  return { ...user, confirmPassword: user.password };
}
