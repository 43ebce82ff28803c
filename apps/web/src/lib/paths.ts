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
  /** Where the deletion e-mail's 'Restore my account' link leads (issue #21); `?token=`. */
  restoreAccount: '/restore-account',
  dashboard: '/dashboard',
  faces: '/faces',
  /** `?person={face_id}` adds a photo to a person kept already (issue #32): addPhotoOf. */
  addFace: '/faces/add',
  /** Who the glasses would say a photo shows; nothing is kept (issue #32). */
  testRecognition: '/faces/test',
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
  /** Public, signed in or not: answers to common questions and how to reach support (issue #21). */
  help: '/help',
  accessibility: '/accessibility',
} as const;

/** /faces/add for another photo of the person `faceId` (issue #32). */
export function addPhotoOf(faceId: string): string {
  return `${paths.addFace}?${new URLSearchParams({ person: faceId })}`;
}

/** The help page's section on reaching support, where every footer's 'Contact support' leads. */
export const CONTACT_SUPPORT_ID = 'contact-support';
/** The help page's answer to 'How do I get a pairing code from my glasses?', where /pair leads. */
export const PAIRING_HELP_ID = 'pairing-code';

/** The address of one screen. */
export type ScreenPath = (typeof paths)[keyof typeof paths];
