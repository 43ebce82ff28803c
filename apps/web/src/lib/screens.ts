import { paths, type ScreenPath } from './paths.ts';

/** What a signed-out visitor to a signed-in screen is told before going to /login (product §4). */
export interface SignedOutNotice {
  message: string;
  delayMs: number;
}

/**
 * Who a screen is for, which picks its layout and guard: `signed-out` screens (sign-in, sign-up, the e-mail links)
 * have the narrow form layout; `signed-in` ones the navigation, behind the route guard; `public` ones (help) are for
 * anyone, signed in or not.
 */
export type ScreenAudience = 'signed-out' | 'signed-in' | 'public';

export interface Screen {
  path: ScreenPath;
  /** The screen's code, under src/. It exports the screen's component named for the file: faces-page.tsx, FacesPage. */
  module: `features/${string}/${string}-page.tsx`;
  audience: ScreenAudience;
  /** The document title, before ' · SEVA portal' (WCAG 2.4.2). */
  title: string;
  /**
   * The h1 of a signed-in screen: the screen shows it, and so does the page prerendered for a signed-in browser before
   * the app has run (issue #14), so the heading is on screen at once and stays where it is.
   */
  heading?: string;
  /** Told to a signed-out visitor before going to /login; without it they go at once. */
  signedOut?: SignedOutNotice;
  /**
   * Rendered into a page at build time (app/prerender.tsx), so it paints before its script (D-054). Every screen is
   * today; one whose first render cannot be drawn at build time would leave it out and be drawn from index.html.
   */
  prerendered?: boolean;
  /**
   * Opened from an e-mailed link that carries `?token=`: prerendered as it first draws with a token (checking the
   * link, or its form), which does not show the token; an address without one is drawn afresh by the app, which says
   * the link is not valid.
   */
  linkToken?: boolean;
  /** Its entry in the shared top navigation (product §2), in the table's order. */
  navigation?: string;
  /** A helper who acts for no wearer now may still see it (their own /profile, issue #18). */
  withoutWearer?: boolean;
}

/**
 * Every screen, one record each, in one place. Its words are English, marked for the catalogs and said in the page's
 * language where they are shown (localise, D-058). The router, the prerendered pages, the document titles, the headings
 * and the navigation are derived from it (app/router.tsx, app/prerender.tsx, app/document-title.tsx,
 * app/navigation.ts). It lives in lib/ so that a screen can read its own heading; app/router.tsx turns `module` into
 * the code loaded on first visit.
 */
export const screens = [
  { path: paths.login, module: 'features/auth/login-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Sign in', prerendered: true },
  { path: paths.signup, module: 'features/auth/signup-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Create Account', prerendered: true },
  { path: paths.forgotPassword, module: 'features/auth/forgot-password-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Reset your password', prerendered: true },
  { path: paths.verifyEmail, module: 'features/auth/verify-email-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Verify e-mail', prerendered: true, linkToken: true },
  { path: paths.resetPassword, module: 'features/auth/reset-password-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Choose a new password', prerendered: true, linkToken: true },
  { path: paths.restoreAccount, module: 'features/auth/restore-account-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Restore your account', prerendered: true, linkToken: true },
  { path: paths.helperAccept, module: 'features/helpers/accept-invitation-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Helper invitation', prerendered: true, linkToken: true },
  { path: paths.helperSignIn, module: 'features/helpers/helper-sign-in-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Sign in as a helper', prerendered: true },
  { path: paths.helperForgotPassword, module: 'features/helpers/helper-forgot-password-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Reset your helper password', prerendered: true },
  { path: paths.helperResetPassword, module: 'features/helpers/helper-reset-password-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Choose a new helper password', prerendered: true, linkToken: true },
  { path: paths.helperChoose, module: 'features/helpers/choose-wearer-page.tsx', audience: 'signed-out', title: /*i18n*/ 'Who are you helping?', prerendered: true },
  {
    path: paths.dashboard,
    module: 'features/dashboard/dashboard-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'My Dashboard',
    heading: /*i18n*/ 'My Dashboard',
    prerendered: true,
    navigation: /*i18n*/ 'Home',
  },
  {
    path: paths.faces,
    module: 'features/faces/faces-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Face Recognition',
    heading: /*i18n*/ 'Face Management Console',
    signedOut: { message: /*i18n*/ 'User not authenticated. Please log in first.', delayMs: 3000 },
    prerendered: true,
    navigation: /*i18n*/ 'Face Recognition',
  },
  {
    path: paths.addFace,
    module: 'features/faces/add-face-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Face Registration',
    heading: /*i18n*/ 'Face Registration',
    signedOut: { message: /*i18n*/ 'User not authenticated. Please log in.', delayMs: 2000 },
    prerendered: true,
  },
  {
    path: paths.testRecognition,
    module: 'features/faces/test-recognition-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Test recognition',
    heading: /*i18n*/ 'Test recognition',
    signedOut: { message: /*i18n*/ 'User not authenticated. Please log in first.', delayMs: 3000 },
    prerendered: true,
  },
  {
    path: paths.sos,
    module: 'features/sos/sos-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Emergency Contacts',
    heading: /*i18n*/ 'Emergency Contacts',
    signedOut: { message: /*i18n*/ 'You must be logged in to manage emergency contacts.', delayMs: 3000 },
    prerendered: true,
    navigation: /*i18n*/ 'Emergency Setup',
  },
  {
    path: paths.manual,
    module: 'features/manual/manual-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Knowledge Base',
    heading: /*i18n*/ 'KNOWLEDGE BASE',
    prerendered: true,
    navigation: /*i18n*/ 'Knowledge Base',
  },
  {
    path: paths.updates,
    module: 'features/updates/updates-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Updates',
    heading: /*i18n*/ 'Scan QR codes to install or update the SEVA features',
    prerendered: true,
    navigation: /*i18n*/ 'Updates',
  },
  {
    path: paths.profile,
    module: 'features/profile/profile-page.tsx',
    audience: 'signed-in',
    title: /*i18n*/ 'Profile',
    heading: /*i18n*/ 'User Profile',
    prerendered: true,
    navigation: /*i18n*/ 'Profile',
    withoutWearer: true,
  },
  { path: paths.pair, module: 'features/pairing/pair-page.tsx', audience: 'signed-in', title: /*i18n*/ 'Pair your glasses', heading: /*i18n*/ 'Pair your glasses', prerendered: true },
  { path: paths.help, module: 'features/help/help-page.tsx', audience: 'public', title: /*i18n*/ 'Help', prerendered: true },
  { path: paths.accessibility, module: 'features/help/accessibility-page.tsx', audience: 'public', title: /*i18n*/ 'Accessibility statement', prerendered: true },
] as const satisfies readonly Screen[];

type ScreenRecord = (typeof screens)[number];
type WithHeading = Extract<ScreenRecord, { heading: string }>;

/** The h1 of each signed-in screen, by its path: `screenHeadings[paths.faces]`. */
export const screenHeadings = Object.fromEntries(screens.flatMap((s) => ('heading' in s ? [[s.path, s.heading]] : []))) as {
  [S in WithHeading as S['path']]: S['heading'];
};

const byPath = new Map<string, Screen>(screens.map((s) => [s.path, s]));

/** The screen at `pathname`, if there is one. */
export function screenAt(pathname: string): Screen | undefined {
  return byPath.get(pathname);
}

/** The heading of the signed-in screen at `pathname`, if it is one. */
export function screenHeadingAt(pathname: string): string | undefined {
  return screenAt(pathname)?.heading;
}

/** The address is a screen opened from an e-mailed link, without the link's token. */
export function lacksLinkToken(location: { pathname: string; search: string }): boolean {
  return screenAt(location.pathname)?.linkToken === true && !new URLSearchParams(location.search).get('token');
}
