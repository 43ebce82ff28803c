/**
 * Every screen (issue #23), swept in the pseudo-language and checked with axe in Hindi. Addresses with a bad token
 * show the page's refusal. TRANSLATED_AS_HELPER are seen signed in as a helper acting for the test's user.
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
  '/helper/reset-password?token=not-a-token',
  '/help',
  '/accessibility',
  '/no-such-page',
];
export const TRANSLATED_SIGNED_IN = ['/dashboard', '/faces', '/faces/add', '/faces/test', '/sos', '/manual', '/updates', '/profile', '/pair', '/help', '/accessibility'];
export const TRANSLATED_AS_HELPER = ['/helper/choose', '/dashboard', '/profile', '/faces/test'];
