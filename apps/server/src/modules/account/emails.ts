import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

export const ACCOUNT_DELETED_SUBJECT = 'Your SEVA account has been deleted';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** Sent once the account is gone: what was erased, and what to do if the owner did not ask for it. */
export function accountDeletedMail(to: string, details: { username: string; licenseId: string; deletedAt: Date; signUpUrl: string }): Mail {
  const { username, licenseId, deletedAt, signUpUrl } = details;
  const lines = [
    `Hello ${username},`,
    `Your SEVA account (license ID ${licenseId}) was deleted on ${when.format(deletedAt)} UTC, as you asked.`,
    'We have erased your account, your faces and their photos, your emergency contacts, your paired glasses (they can no longer reach the portal) and every signed-in browser. We keep nothing of it, so it cannot be restored.',
    'You can register again with the same license ID and e-mail address whenever you wish.',
    'If you did not delete your account, someone knew your password: register again, and use a password you use nowhere else.',
  ];
  const text = [...lines, '', `Register: ${signUpUrl}`, '', 'SEVA'].join('\n');
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(signUpUrl)}">Register</a></p>`, '<p>SEVA</p>'].join('\n');
  return { to, subject: ACCOUNT_DELETED_SUBJECT, text, html };
}
