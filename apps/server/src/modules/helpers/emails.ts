import { helperMay, helperMayNot, INVITATION_DAYS } from '@seva/shared';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

/** A plain e-mail: its paragraphs, an optional list, and an optional link as its one action. */
function mail(to: string, subject: string, parts: { lines: string[]; list?: { heading: string; items: readonly string[] }[]; action?: { label: string; link: string } }): Mail {
  const text = [...parts.lines];
  const html = parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  for (const list of parts.list ?? []) {
    text.push('', list.heading, ...list.items.map((item) => `- ${item}`));
    html.push(`<p>${escapeHtml(list.heading)}</p>`, `<ul>${list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
  }
  if (parts.action) {
    text.push('', `${parts.action.label}: ${parts.action.link}`);
    html.push(`<p><a href="${escapeHtml(parts.action.link)}">${escapeHtml(parts.action.label)}</a></p>`);
  }
  text.push('', 'SEVA');
  html.push('<p>SEVA</p>');
  return { to, subject, text: text.join('\n'), html: html.join('\n') };
}

/** To the invited helper: who asks, what a helper can and cannot do, and the one link (once, for 7 days). */
export function invitationMail(to: string, details: { helperName: string; wearer: string; link: string }): Mail {
  return mail(to, `${details.wearer} asks you to help with their SEVA glasses`, {
    lines: [
      `Hello ${details.helperName},`,
      `${details.wearer} uses SEVA smart glasses and asks you to be their helper on the SEVA portal: you sign in with your own e-mail and password, never theirs, and everything you do is recorded as done by you on their behalf.`,
      `The link below works once and for ${INVITATION_DAYS} days. ${details.wearer} can end your access at any moment, and you can stop helping whenever you wish.`,
      'If you do not know this person, you can ignore this e-mail.',
    ],
    list: [
      { heading: 'As a helper you can:', items: helperMay },
      { heading: 'You cannot:', items: helperMayNot },
    ],
    action: { label: 'Open the invitation', link: details.link },
  });
}

/** To the wearer: the helper accepted, and how to remove them. */
export function acceptedMail(to: string, details: { wearer: string; helperName: string; profileLink: string }): Mail {
  return mail(to, `${details.helperName} is now your SEVA helper`, {
    lines: [
      `Hello ${details.wearer},`,
      `${details.helperName} accepted your invitation and can now help you on the SEVA portal: faces, emergency contacts, the Knowledge Base and Updates. Your Recent activity shows what they do.`,
      `To end their access at any time, open your profile and choose "Remove ${details.helperName}" under Helpers. It takes effect at once.`,
    ],
    action: { label: 'Open my profile', link: details.profileLink },
  });
}

/** To the wearer: the invited person declined. */
export function declinedMail(to: string, details: { wearer: string; helperName: string }): Mail {
  return mail(to, `${details.helperName} declined your SEVA invitation`, {
    lines: [`Hello ${details.wearer},`, `${details.helperName} declined your invitation to help on the SEVA portal. You can invite someone else from your profile.`],
  });
}

/** To the helper: the wearer removed them. */
export function removedMail(to: string, details: { helperName: string; wearer: string }): Mail {
  return mail(to, `You no longer help ${details.wearer} on SEVA`, {
    lines: [`Hello ${details.helperName},`, `${details.wearer} has ended your access as their helper on the SEVA portal. Nothing else about your helper account has changed.`],
  });
}

/** To the wearer: a helper stopped helping them (or deleted their helper account). */
export function stoppedMail(to: string, details: { wearer: string; helperName: string; accountDeleted: boolean }): Mail {
  const how = details.accountDeleted ? 'deleted their helper account' : 'chose to stop helping you';
  return mail(to, `${details.helperName} no longer helps you on SEVA`, {
    lines: [`Hello ${details.wearer},`, `${details.helperName} ${how} on the SEVA portal. They can no longer act on your account. You can invite a helper again from your profile.`],
  });
}

/** To a helper: the wearer they helped deleted their account. */
export function wearerDeletedMail(to: string, details: { helperName: string; wearer: string }): Mail {
  return mail(to, `${details.wearer} deleted their SEVA account`, {
    lines: [`Hello ${details.helperName},`, `${details.wearer} deleted their SEVA account, so you no longer help them. Their data is gone; your helper account is unchanged.`],
  });
}

/** To a helper: the link to choose a new password (once, for an hour). */
export function helperResetMail(to: string, details: { helperName: string; link: string }): Mail {
  return mail(to, 'Reset your SEVA helper password', {
    lines: [`Hello ${details.helperName},`, 'We received a request to reset the password of your SEVA helper account. The link works once and expires in 1 hour.', 'If you did not ask for this, you can ignore this e-mail.'],
    action: { label: 'Choose a new password', link: details.link },
  });
}
