import { test as base, type Page } from '@playwright/test';
import { portalOverHttp, registerVerifiedUser, signIn, type Portal } from '../../test-kit/sign-up-flow.ts';
import type { TestUser } from '../../test-kit/test-user.ts';
import { E2E_DATA_DIR } from './outbox.ts';

export { expect } from '@playwright/test';

/**
 * The specs' `test`, with users made through the API (no screens) by the kit's sign-up flow:
 * - `newUser`: a verified user who has not signed in; its password is `newUser.password`.
 * - `signedInPage`: the test's page, its browser context holding `newUser`'s session cookie; it has not navigated yet.
 */
export const test = base.extend<{ portal: Portal; newUser: TestUser; signedInPage: Page }>({
  portal: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts sets use.baseURL');
    await use(portalOverHttp({ url: baseURL, dataDir: E2E_DATA_DIR }));
  },
  newUser: async ({ portal }, use) => {
    await use(await registerVerifiedUser(portal));
  },
  signedInPage: async ({ page, portal, newUser, baseURL }, use) => {
    const { cookie } = await signIn(portal.send, newUser);
    const separator = cookie.indexOf('=');
    await page.context().addCookies([
      { name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: baseURL!, httpOnly: true, sameSite: 'Lax' },
    ]);
    await use(page);
  },
});
