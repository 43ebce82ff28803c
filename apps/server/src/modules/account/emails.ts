import type { I18n } from '@lingui/core';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';
import { mailTime } from '../identity/emails.ts';

export const ACCOUNT_DELETED_SUBJECT = /*i18n*/ 'Your SEVA account has been deleted';

/**
 * Sent once the account is closed (issue #21): what stopped at once, when it will be erased, and the link that
 * brings it back until then, which is also what to do if the owner did not delete it.
 */
export function accountClosedMail(i18n: I18n, to: string, details: { username: string; licenseId: string; deletedAt: Date; restoreUntil: Date; restoreUrl: string }): Mail {
  const { username, licenseId, deletedAt, restoreUntil, restoreUrl } = details;
  const action = i18n._('Restore my account');
  const day = i18n.date(restoreUntil, { dateStyle: 'long', timeZone: 'UTC' });
  const lines = [
    i18n._('Hello {username},', { username }),
    i18n._('Your SEVA account (license ID {licenseId}) was deleted on {time} UTC.', { licenseId, time: mailTime(i18n, deletedAt) }),
    i18n._('It is closed: your glasses no longer reach the portal and no longer call your emergency contacts, every browser is signed out, and your helpers can no longer manage it.'),
    // The quotes go in the value: in ICU MessageFormat an apostrophe before a placeholder would quote it.
    i18n._('We keep your faces, their photos and your emergency contacts until {day}, then erase them for good. Until then, {action} brings everything back; you then sign in again and pair your glasses again.', { day, action: `'${action}'` }),
    // What ends the restore early (D-072): never a sign-up alone, which anyone who knows the e-mail can make.
    i18n._('Until {day}, nobody can register your license ID again. Only a new account with your e-mail address, once verified from your inbox, ends the restore sooner.', { day }),
    i18n._('If you did not delete your account, someone knew your password: restore it with the link below, then choose a new password with "Forgot password?" on the sign-in page.'),
  ];
  const text = [...lines, '', `${action}: ${restoreUrl}`, '', 'SEVA'].join('\n');
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(restoreUrl)}">${escapeHtml(action)}</a></p>`, '<p>SEVA</p>'].join('\n');
  return { to, subject: i18n._(ACCOUNT_DELETED_SUBJECT), text, html, kind: 'restore-account', linkExpiresAt: restoreUntil.toISOString() };
}
