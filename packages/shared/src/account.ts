/**
 * Issue #12, "your data, your control": the account's activity, its signed-in browsers, the download of everything
 * the portal holds about the user and the deletion of the account: the words of /profile's sections. Kept apart from
 * the rule the server checks (schemas/account.ts), so the screens that show these words need not load zod.
 */
import type { BrowserSession } from './schemas/account.ts';
import { ACCOUNT_DELETED } from './account-deleted.ts';
import { fill } from './localise.ts';

/** What happened on an account, in the order /profile explains them. */
export const ACTIVITY_KINDS = [
  'signed-in',
  'wrong-password',
  'password-changed',
  'email-verified',
  'face-added',
  'face-renamed',
  'face-deleted',
  'photo-added',
  'photo-deleted',
  'contacts-changed',
  'data-downloaded',
  'glasses-paired',
  'glasses-unpaired',
  'pairing-refused',
  'browser-signed-out',
  'signed-out-others',
  'account-restored',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What /profile and the downloaded activity.json call each kind of event (issue #12, verbatim). */
export const activityLabels: Record<ActivityKind, string> = {
  'signed-in': 'Signed in',
  'wrong-password': 'Wrong password',
  'password-changed': 'Password changed',
  'email-verified': 'Email verified',
  'face-added': 'Face added',
  'face-renamed': 'Face renamed',
  'face-deleted': 'Face deleted',
  // A label with {subject} names it within the sentence: 'Photo added to Asha Rao by Sam' (issue #32).
  'photo-added': 'Photo added to {subject}',
  'photo-deleted': 'Photo deleted from {subject}',
  'contacts-changed': 'Emergency contacts changed',
  'data-downloaded': 'Data downloaded',
  'glasses-paired': 'Glasses paired',
  'glasses-unpaired': 'Glasses unpaired',
  'pairing-refused': 'Pairing refused',
  'browser-signed-out': 'Browser signed out',
  'signed-out-others': 'Signed out all other browsers',
  'account-restored': 'Account restored',
};

/** Wrong passwords are listed as one entry per browser (issue #20): '3 wrong passwords from Chrome on Windows 10'. */
export const wrongPasswordsSummary = (count: number, from: string | null) =>
  `${count} wrong ${count === 1 ? 'password' : 'passwords'} from ${from ?? 'an unknown browser'}`;

/** Events are kept this long, then purged. */
export const ACTIVITY_RETENTION_DAYS = 90;
/** /profile shows this many of the newest events. */
export const RECENT_ACTIVITY_SHOWN = 20;

export const accountMessages = {
  yourDataHeading: /*i18n*/ 'Your data',
  downloadData: /*i18n*/ 'Download my data',
  deleteAccount: /*i18n*/ 'Delete my account',
  confirmDelete: /*i18n*/ 'Delete account',
  accountDeleted: ACCOUNT_DELETED,
  signedInBrowsersHeading: /*i18n*/ 'Signed-in browsers',
  thisBrowser: /*i18n*/ 'This browser',
  signOut: /*i18n*/ 'Sign out',
  signOutOthers: /*i18n*/ 'Sign out all other browsers',
  recentActivityHeading: /*i18n*/ 'Recent activity',
  noActivity: /*i18n*/ 'No activity in the last 90 days.',
  noOtherBrowsers: /*i18n*/ 'No other browser is signed in.',
  sessionNotFound: /*i18n*/ 'This browser is not signed in to your account. It may have signed out already.',
  unknownBrowser: /*i18n*/ 'Unknown browser',
  unknownSystem: /*i18n*/ 'unknown system',
  changePassword: /*i18n*/ 'Change password',
  currentPassword: /*i18n*/ 'Current password',
  newPassword: /*i18n*/ 'New password',
  confirmNewPassword: /*i18n*/ 'Confirm new password',
  signOutOthersOption: /*i18n*/ 'Sign out every other browser',
  unpairGlassesOption: /*i18n*/ 'Unpair all my glasses too',
  unpairGlassesHint: /*i18n*/ 'They will stop calling your emergency contacts until you pair them again.',
  passwordChanged: /*i18n*/ 'Your password has been changed.',
  restoreAccount: /*i18n*/ 'Restore my account',
  accountRestored: /*i18n*/ 'Your account has been restored. Sign in to use it.',
  exportInProgress: /*i18n*/ 'Your data download is already being prepared. Please wait for it to finish, then try again.',
  exportsBusy: /*i18n*/ 'Many data downloads are being prepared right now. Please try again in a minute.',
} as const;

/** What the deletion dialog and the last glasses' unpairing say first (issue #21): the safety feature stops. */
export const EMERGENCY_CALLING_STOPS = /*i18n*/ 'Your glasses will stop calling your emergency contacts.';

/** How long a deleted account can be restored, in days (D-041). */
export const RESTORE_WINDOW_DAYS = 14;

/** What /profile says after a password change. */
export function passwordChangedMessage(signedOut: number, unpaired: number): string {
  const parts: string[] = [accountMessages.passwordChanged];
  if (signedOut > 0) parts.push(signedOutOthersMessage(signedOut));
  if (unpaired > 0) parts.push(unpaired === 1 ? /*i18n*/ '1 pair of glasses unpaired.' : fill(/*i18n*/ '{count} pairs of glasses unpaired.', { count: unpaired }));
  return parts.join(' ');
}

/** 'Consent given on {date}' in the face details (issue #12). */
export const consentGivenMessage = (date: string) => fill(/*i18n*/ 'Consent given on {date}', { date });

/** 'Chrome on Linux': how a browser is named on /profile and in the activity list. */
export const browserDescription = (session: Pick<BrowserSession, 'browser' | 'system'>) => fill(/*i18n*/ '{browser} on {system}', session);

/** What /profile says after one browser was signed out. */
export const signedOutBrowserMessage = (description: string) => fill(/*i18n*/ '{description} signed out. It will need the password to come back.', { description });

/** What /profile says after 'Sign out all other browsers'. */
export function signedOutOthersMessage(count: number): string {
  if (count === 0) return /*i18n*/ 'No other browser was signed in.';
  return count === 1 ? /*i18n*/ '1 other browser signed out.' : fill(/*i18n*/ '{count} other browsers signed out.', { count });
}
