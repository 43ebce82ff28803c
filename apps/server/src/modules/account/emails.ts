import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

export const ACCOUNT_DELETED_SUBJECT = 'Your SEVA account has been deleted';
const RESTORE_ACTION = 'Restore my account';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Sent once the account is closed (issue #21): what stopped at once, when it will be erased, and the link that
 * brings it back until then, which is also what to do if the owner did not delete it.
 */
export function accountClosedMail(to: string, details: { username: string; licenseId: string; deletedAt: Date; restoreUntil: Date; restoreUrl: string }): Mail {
  const { username, licenseId, deletedAt, restoreUntil, restoreUrl } = details;
  const lines = [
    `Hello ${username},`,
    `Your SEVA account (license ID ${licenseId}) was deleted on ${when.format(deletedAt)} UTC.`,
    'It is closed: your glasses no longer reach the portal and no longer call your emergency contacts, every browser is signed out, and your helpers can no longer manage it.',
    `We keep your faces, their photos and your emergency contacts until ${day.format(restoreUntil)}, then erase them for good. Until then, '${RESTORE_ACTION}' brings everything back; you then sign in again and pair your glasses again.`,
    'If you did not delete your account, someone knew your password: restore it with the link below, then choose a new password with "Forgot password?" on the sign-in page.',
  ];
  const text = [...lines, '', `${RESTORE_ACTION}: ${restoreUrl}`, '', 'SEVA'].join('\n');
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(restoreUrl)}">${RESTORE_ACTION}</a></p>`, '<p>SEVA</p>'].join('\n');
  return { to, subject: ACCOUNT_DELETED_SUBJECT, text, html };
}
