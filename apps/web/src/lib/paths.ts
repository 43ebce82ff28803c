/**
 * Every screen's address, in one place: the router, the navigation, links, redirects and tests name a screen
 * through `paths`, never by typing its path. No screen takes path parameters; the e-mail links carry
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
  /** Where a helper's invitation e-mail leads (issue #18); `?token=` is the invitation. */
  helperAccept: '/helper/accept',
  helperSignIn: '/helper/sign-in',
  helperForgotPassword: '/helper/forgot-password',
  /** Where a helper's reset e-mail leads; `?token=`. */
  helperResetPassword: '/helper/reset-password',
  /** A helper who helps several wearers chooses whom to help now. */
  helperChoose: '/helper/choose',
} as const;

/** The address of one screen. */
export type ScreenPath = (typeof paths)[keyof typeof paths];
