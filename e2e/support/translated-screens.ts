/**
 * The screens that speak Hindi so far (issue #23), swept in the pseudo-language and checked with axe in Hindi; a
 * screen joins the list when its feature's catalog is translated. Addresses with a bad token show the page's refusal.
 */
export const TRANSLATED_SIGNED_OUT = [
  '/login',
  '/signup',
  '/forgot-password',
  '/helper/sign-in',
  '/helper/forgot-password',
  '/verify-email?token=not-a-token',
  '/reset-password?token=not-a-token',
  '/restore-account',
  '/helper/accept?token=not-a-token',
  '/no-such-page',
];
export const TRANSLATED_SIGNED_IN = ['/dashboard', '/sos', '/updates', '/pair'];
