import { test as base, type Page } from '@playwright/test';
import { portalOverHttp, registerVerifiedUser, signIn, type Portal } from '../../test-kit/sign-up-flow.ts';
import type { TestUser } from '../../test-kit/test-user.ts';
import { E2E_DATA_DIR } from './outbox.ts';

export { expect } from '@playwright/test';

/**
 * A prerendered page (/login, /signup, and a signed-in screen's navigation and heading for a signed-in browser: see
 * apps/web/src/app/prerender.tsx) works before the app has taken it over, as plain HTML: a link followed then loads
 * the next page instead of changing route (focus then starts at the top, not on the new heading). The specs test the
 * app, so `page.goto` waits for it: the app gives every screen its title, where the page says 'SEVA portal'.
 * `waitUntil: 'commit'` and a page without script do not wait.
 */
async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.title !== 'SEVA portal');
}

/**
 * The specs' `test`, with users made through the API (no screens) by the kit's sign-up flow:
 * - `newUser`: a verified user who has not signed in; its password is `newUser.password`.
 * - `signedInPage`: the test's page, its browser context holding `newUser`'s session cookie; it has not navigated yet.
 * - `page`: Playwright's, whose `goto` returns once the app runs on a prerendered page (waitForApp).
 */
export const test = base.extend<{ portal: Portal; newUser: TestUser; signedInPage: Page }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && options?.waitUntil !== 'commit') await waitForApp(page);
      return response;
    };
    await use(page);
  },
  portal: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts sets use.baseURL');
    await use(portalOverHttp({ url: baseURL, dataDir: E2E_DATA_DIR }));
  },
  newUser: async ({ portal }, use) => {
    await use(await registerVerifiedUser(portal));
  },
  signedInPage: async ({ page, portal, newUser, baseURL }, use) => {
    const { cookie } = await signIn(portal.send, newUser);
    await useSessionCookie(page, baseURL!, cookie);
    await use(page);
  },
});

/** Gives `page`'s browser the session of `cookie` (a `name=value` Set-Cookie pair), as a sign-in would. */
export async function useSessionCookie(page: Page, baseURL: string, cookie: string): Promise<void> {
  const separator = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}
