import type { I18n } from '@lingui/core';
import { localise } from '@seva/shared';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';
import { mailTime } from '../identity/emails.ts';

export const PAIRED_SUBJECT = /*i18n*/ 'New glasses paired with your SEVA account';

interface PairedDetails {
  username: string;
  deviceName: string;
  pairedAt: Date;
  /** What the token may do, in the words of /pair. */
  grants: readonly string[];
  profileUrl: string;
  /** /profile, opening the question to unpair these glasses. */
  unpairUrl: string;
}

/**
 * Sent at once on 'Allow': which glasses, exactly what they can now do, and a "This wasn't me" link that opens the
 * question to unpair them.
 */
export function pairedMail(i18n: I18n, to: string, details: PairedDetails): Mail {
  const { username, deviceName, pairedAt, grants, profileUrl, unpairUrl } = details;
  const notMeAction = i18n._("This wasn't me");
  const hello = i18n._('Hello {username},', { username });
  const intro = i18n._('The glasses "{deviceName}" were paired with your SEVA account on {time} UTC.', { deviceName, time: mailTime(i18n, pairedAt) });
  const canRead = i18n._('They can now do exactly this, and nothing more:');
  const said = grants.map((grant) => localise(i18n, grant));
  const notMe = i18n._('If you did not pair these glasses, choose "{notMeAction}" to unpair them: they lose access at once.', { notMeAction });
  const later = i18n._('If you no longer use them, unpair them on your profile: Profile \u2192 Paired glasses \u2192 Unpair "{deviceName}".', { deviceName });
  const openProfile = i18n._('Open your profile');
  const yourProfile = i18n._('Your profile');
  const text = [hello, '', intro, '', canRead, ...said.map((g) => `- ${g}`), '', notMe, `${notMeAction}: ${unpairUrl}`, '', later, `${yourProfile}: ${profileUrl}`, '', 'SEVA'].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(canRead)}</p>`,
    `<ul>${said.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(notMe)}</p>`,
    `<p><a href="${escapeHtml(unpairUrl)}">${escapeHtml(notMeAction)}</a></p>`,
    `<p>${escapeHtml(later)}</p>`,
    `<p><a href="${escapeHtml(profileUrl)}">${escapeHtml(openProfile)}</a></p>`,
    '<p>SEVA</p>',
  ].join('\n');
  return { to, subject: i18n._(PAIRED_SUBJECT), text, html, kind: 'glasses-paired' };
}
