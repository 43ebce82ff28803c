/**
 * Issue #12, "your data, your control": the account's activity, its signed-in browsers, the download of everything
 * the portal holds about the user and the deletion of the account: the words of /profile's sections. Kept apart from
 * the rule the server checks (schemas/account.ts), so the screens that show these words need not load zod.
 */
import type { BrowserSession } from './schemas/account.ts';

/** What happened on an account, in the order /profile explains them. */
export const ACTIVITY_KINDS = [
  'signed-in',
  'wrong-password',
  'password-changed',
  'email-verified',
  'face-added',
  'face-renamed',
  'face-deleted',
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
  yourDataHeading: 'Your data',
  downloadData: 'Download my data',
  deleteAccount: 'Delete my account',
  confirmDelete: 'Delete account',
  accountDeleted: 'Your account has been deleted.',
  signedInBrowsersHeading: 'Signed-in browsers',
  thisBrowser: 'This browser',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other browsers',
  recentActivityHeading: 'Recent activity',
  noActivity: 'No activity in the last 90 days.',
  noOtherBrowsers: 'No other browser is signed in.',
  sessionNotFound: 'This browser is not signed in to your account. It may have signed out already.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'unknown system',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  signOutOthersOption: 'Sign out every other browser',
  unpairGlassesOption: 'Unpair all my glasses too',
  unpairGlassesHint: 'They will stop calling your emergency contacts until you pair them again.',
  passwordChanged: 'Your password has been changed.',
  restoreAccount: 'Restore my account',
  accountRestored: 'Your account has been restored. Sign in to use it.',
  exportInProgress: 'Your data download is already being prepared. Please wait for it to finish, then try again.',
  exportsBusy: 'Many data downloads are being prepared right now. Please try again in a minute.',
} as const;

/** What the deletion dialog and the last glasses' unpairing say first (issue #21): the safety feature stops. */
export const EMERGENCY_CALLING_STOPS = 'Your glasses will stop calling your emergency contacts.';

/** How long a deleted account can be restored, in days (D-041). */
export const RESTORE_WINDOW_DAYS = 14;

/** What /profile says after a password change. */
export function passwordChangedMessage(signedOut: number, unpaired: number): string {
  const parts: string[] = [accountMessages.passwordChanged];
  if (signedOut > 0) parts.push(signedOutOthersMessage(signedOut));
  if (unpaired > 0) parts.push(`${unpaired} ${unpaired === 1 ? 'pair of glasses' : 'pairs of glasses'} unpaired.`);
  return parts.join(' ');
}

/** 'Consent given on {date}' in the face details (issue #12). */
export const consentGivenMessage = (date: string) => `Consent given on ${date}`;

/** 'Chrome on Linux': how a browser is named on /profile and in the activity list. */
export const browserDescription = (session: Pick<BrowserSession, 'browser' | 'system'>) => `${session.browser} on ${session.system}`;

/** What /profile says after one browser was signed out. */
export const signedOutBrowserMessage = (description: string) => `${description} signed out. It will need the password to come back.`;

/** What /profile says after 'Sign out all other browsers'. */
export function signedOutOthersMessage(count: number): string {
  if (count === 0) return 'No other browser was signed in.';
  return `${count} other ${count === 1 ? 'browser' : 'browsers'} signed out.`;
}
