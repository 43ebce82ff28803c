import type { I18n } from '@lingui/core';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail, MailKind } from '../../mail/mailer.ts';

/** A mail whose one action is a one-time `link`, working until `expiresAt`. */
function linkMail(i18n: I18n, to: string, subject: string, lines: string[], action: string, link: { url: string; kind: MailKind; expiresAt: string }): Mail {
  const ignore = i18n._('If you did not ask for this, you can ignore this e-mail.');
  const text = [...lines, '', `${action}: ${link.url}`, '', ignore, '', 'SEVA'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    '<p>SEVA</p>',
  ].join('\n');
  return { to, subject, text, html, kind: link.kind, linkExpiresAt: link.expiresAt };
}

/** Written in the language of the page the user signed up on (`i18n`, issue #23). */
export function verificationMail(i18n: I18n, to: string, username: string, link: string, expiresAt: string): Mail {
  return linkMail(
    i18n,
    to,
    i18n._('Verify your e-mail for SEVA'),
    [
      i18n._('Hello {username},', { username }),
      i18n._('Welcome to the SEVA portal. Please confirm your e-mail address. The link works once and expires in 24 hours.'),
    ],
    i18n._('Verify my e-mail'),
    { url: link, kind: 'verify-email', expiresAt },
  );
}

/** Names the account's license ID: it is what the owner signs in with, and a sign-up made in their name chose it. */
export function resetMail(i18n: I18n, to: string, username: string, link: string, licenseId: string, expiresAt: string): Mail {
  return linkMail(
    i18n,
    to,
    i18n._('Reset your SEVA password'),
    [
      i18n._('Hello {username},', { username }),
      i18n._('We received a request to reset your SEVA password. The link works once and expires in 1 hour.'),
      i18n._('Your license ID is {licenseId}. You sign in with it and your new password.', { licenseId }),
    ],
    i18n._('Choose a new password'),
    { url: link, kind: 'password-reset', expiresAt },
  );
}

/** Tells the owner that someone is guessing their password: at most once per window (failed-sign-ins.ts). */
export function guessingMail(i18n: I18n, to: string, details: { username: string; licenseId: string; failures: number; minutes: number; signInLink: string }): Mail {
  const { username, licenseId, failures, minutes } = details;
  const lines = [
    i18n._('Hello {username},', { username }),
    i18n._('Someone has entered a wrong password for your SEVA account (license ID {licenseId}) {failures} times in the last {minutes} minutes.', { licenseId, failures, minutes }),
    i18n._('Each address they try from is blocked after a few wrong passwords. You can still sign in as usual.'),
    i18n._('If this was not you, we recommend that you choose a new password: use "Forgot password?" on the sign-in page.'),
  ];
  const action = i18n._('Sign in');
  const text = [...lines, '', `${action}: ${details.signInLink}`, '', 'SEVA'].join('\n');
  const html = [...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${escapeHtml(details.signInLink)}">${escapeHtml(action)}</a></p>`, '<p>SEVA</p>'].join('\n');
  return { to, subject: i18n._('Someone is trying to sign in to your SEVA account'), text, html, kind: 'sign-in-attempts' };
}

export const PASSWORD_CHANGED_SUBJECT = /*i18n*/ 'Your SEVA password was changed';

/** A moment as the e-mails write it, in UTC: '26 November 2026 at 14:05' in English. */
export const mailTime = (i18n: I18n, at: Date) => i18n.date(at, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * Sent after every password change or reset (issue #21): when and from which browser, and what to do if it was not the
 * owner: choose a new password through 'Forgot password?' (the link), which signs every browser out.
 */
export function passwordChangedMail(i18n: I18n, to: string, details: { username: string; licenseId: string; changedAt: Date; from: string; secureLink: string }): Mail {
  const { username, licenseId, from } = details;
  const lines = [
    i18n._('Hello {username},', { username }),
    i18n._('The password of your SEVA account (license ID {licenseId}) was changed on {time} UTC, from {from}.', { licenseId, time: mailTime(i18n, details.changedAt), from }),
    i18n._('If you did this, you need do nothing.'),
    i18n._('If you did not, someone knows your password: choose a new one now with the link below. It signs out every browser, and you can unpair your glasses there too.'),
  ];
  const action = i18n._('Secure my account');
  const text = [...lines, '', `${action}: ${details.secureLink}`, '', 'SEVA'].join('\n');
  const html = [...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${escapeHtml(details.secureLink)}">${escapeHtml(action)}</a></p>`, '<p>SEVA</p>'].join('\n');
  return { to, subject: i18n._(PASSWORD_CHANGED_SUBJECT), text, html, kind: 'password-changed' };
}
