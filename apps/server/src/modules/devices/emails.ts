import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

export const PAIRED_SUBJECT = 'New glasses paired with your SEVA account';
const NOT_ME = "This wasn't me";

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

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
export function pairedMail(to: string, details: PairedDetails): Mail {
  const { username, deviceName, pairedAt, grants, profileUrl, unpairUrl } = details;
  const intro = `The glasses "${deviceName}" were paired with your SEVA account on ${when.format(pairedAt)} UTC.`;
  const canRead = 'They can now do exactly this, and nothing more:';
  const notMe = `If you did not pair these glasses, choose "${NOT_ME}" to unpair them: they lose access at once.`;
  const later = `If you no longer use them, unpair them on your profile: Profile \u2192 Paired glasses \u2192 Unpair "${deviceName}".`;
  const text = [`Hello ${username},`, '', intro, '', canRead, ...grants.map((g) => `- ${g}`), '', notMe, `${NOT_ME}: ${unpairUrl}`, '', later, `Your profile: ${profileUrl}`, '', 'SEVA'].join('\n');
  const html = [
    `<p>${escapeHtml(`Hello ${username},`)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(canRead)}</p>`,
    `<ul>${grants.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(notMe)}</p>`,
    `<p><a href="${escapeHtml(unpairUrl)}">${escapeHtml(NOT_ME)}</a></p>`,
    `<p>${escapeHtml(later)}</p>`,
    `<p><a href="${escapeHtml(profileUrl)}">Open your profile</a></p>`,
    '<p>SEVA</p>',
  ].join('\n');
  return { to, subject: PAIRED_SUBJECT, text, html };
}
