import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

function linkMail(to: string, subject: string, lines: string[], action: string, link: string): Mail {
  const text = [...lines, '', `${action}: ${link}`, '', 'If you did not ask for this, you can ignore this e-mail.', '', 'SEVA'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    '<p>If you did not ask for this, you can ignore this e-mail.</p>',
    '<p>SEVA</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, link: string): Mail {
  return linkMail(
    to,
    'Verify your e-mail for SEVA',
    [`Hello ${username},`, 'Welcome to the SEVA portal. Please confirm your e-mail address. The link works once and expires in 24 hours.'],
    'Verify my e-mail',
    link,
  );
}

export function resetMail(to: string, username: string, link: string): Mail {
  return linkMail(
    to,
    'Reset your SEVA password',
    [`Hello ${username},`, 'We received a request to reset your SEVA password. The link works once and expires in 1 hour.'],
    'Choose a new password',
    link,
  );
}
