import { PAIRING_GRANTS } from '@seva/shared';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

export const PAIRED_SUBJECT = 'New glasses paired with your SEVA account';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** Sent on 'Allow': which glasses, what they can now read, and how to unpair them if this was not the user. */
export function pairedMail(to: string, details: { username: string; deviceName: string; pairedAt: Date; profileUrl: string }): Mail {
  const { username, deviceName, pairedAt, profileUrl } = details;
  const intro = `The glasses "${deviceName}" were paired with your SEVA account on ${when.format(pairedAt)} UTC.`;
  const canRead = 'They can now read:';
  const unpair = `If you did not pair these glasses, or no longer use them, unpair them: Profile → Paired glasses → Unpair "${deviceName}". They lose access at once.`;
  const text = [`Hello ${username},`, '', intro, '', canRead, ...PAIRING_GRANTS.map((g) => `- ${g}`), '', unpair, '', `Your profile: ${profileUrl}`, '', 'SEVA'].join('\n');
  const html = [
    `<p>${escapeHtml(`Hello ${username},`)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(canRead)}</p>`,
    `<ul>${PAIRING_GRANTS.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(unpair)}</p>`,
    `<p><a href="${escapeHtml(profileUrl)}">Open your profile</a></p>`,
    '<p>SEVA</p>',
  ].join('\n');
  return { to, subject: PAIRED_SUBJECT, text, html };
}
