import type { Page } from '@playwright/test';
import type { TestUser } from '../../test-kit/test-user.ts';

/** The /signup fields, found by their visible labels. */
export function signUpFields(page: Page) {
  return {
    username: page.getByLabel('Username'),
    email: page.getByLabel('Email'),
    country: page.getByLabel('Country code'),
    phone: page.getByLabel('Phone number'),
    licenseId: page.getByLabel('License ID'),
    password: page.getByLabel('Password', { exact: true }),
    confirmPassword: page.getByLabel('Confirm password'),
    submit: page.getByRole('button', { name: 'Create account' }),
  };
}

/** Fills the /signup form with `user` (country chosen by its 'name (code)' label). */
export async function fillSignUpForm(page: Page, user: TestUser, countryLabel = 'USA (+1)'): Promise<void> {
  const f = signUpFields(page);
  await f.username.fill(user.username);
  await f.email.fill(user.email);
  await f.country.selectOption({ label: countryLabel });
  await f.phone.fill(user.phoneNumber);
  await f.licenseId.fill(user.licenseId);
  await f.password.fill(user.password);
  await f.confirmPassword.fill(user.password);
}
