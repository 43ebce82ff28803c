/**
 * Every screen's address, in one place: the router, the navigation, links, redirects and tests name a screen
 * through `paths`, never by typing its path. No screen takes path parameters; the two e-mail links carry
 * `?token=`, which the server writes and the screen reads with `useSearchParams`.
 */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  faces: '/faces',
  addFace: '/faces/add',
  sos: '/sos',
  manual: '/manual',
  updates: '/updates',
  profile: '/profile',
  /** Where the glasses send the user to type their pairing code (issue #10); `?code=` prefills it. */
  pair: '/pair',
} as const;

/** The address of one screen. */
export type ScreenPath = (typeof paths)[keyof typeof paths];
