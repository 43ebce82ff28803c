import type { I18n } from '@lingui/core';
import { helperMay, helperMayNot, INVITATION_DAYS, localise } from '@seva/shared';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Mail, MailKind } from '../../mail/mailer.ts';

interface MailParts {
  kind: MailKind;
  lines: string[];
  list?: { heading: string; items: readonly string[] }[];
  /** Its one action; `expiresAt` when the link works only once and until then. */
  action?: { label: string; link: string; expiresAt?: string };
}

/** A plain e-mail: its paragraphs, an optional list, and an optional link as its one action. */
function mail(to: string, subject: string, parts: MailParts): Mail {
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
  const expiresAt = parts.action?.expiresAt;
  return { to, subject, text: text.join('\n'), html: html.join('\n'), kind: parts.kind, ...(expiresAt ? { linkExpiresAt: expiresAt } : {}) };
}

/**
 * To the invited helper, in the language the wearer invited them from: who asks, what a helper can and cannot do, and
 * the one link (once, for 7 days). The subject is the portal's own words: the wearer chose their username, so it
 * stays in the body, where the e-mail says who they are (D-073).
 */
export function invitationMail(i18n: I18n, to: string, details: { helperName: string; wearer: string; link: string; expiresAt: string }): Mail {
  const { helperName, wearer } = details;
  return mail(to, i18n._('You are invited to be a SEVA helper'), {
    kind: 'helper-invitation',
    lines: [
      i18n._('Hello {helperName},', { helperName }),
      i18n._('{wearer} uses SEVA smart glasses and asks you to be their helper on the SEVA portal: you sign in with your own e-mail and password, never theirs, and everything you do is recorded as done by you on their behalf.', { wearer }),
      i18n._('The link below works once and for {days} days. {wearer} can end your access at any moment, and you can stop helping whenever you wish.', { days: INVITATION_DAYS, wearer }),
      i18n._('If you do not know this person, you can ignore this e-mail.'),
    ],
    list: [
      { heading: i18n._('As a helper you can:'), items: helperMay.map((item) => localise(i18n, item)) },
      { heading: i18n._('You cannot:'), items: helperMayNot.map((item) => localise(i18n, item)) },
    ],
    action: { label: i18n._('Open the invitation'), link: details.link, expiresAt: details.expiresAt },
  });
}

/** To the wearer: the helper accepted, and how to remove them. */
export function acceptedMail(i18n: I18n, to: string, details: { wearer: string; helperName: string; profileLink: string }): Mail {
  const { helperName, wearer } = details;
  return mail(to, i18n._('{helperName} is now your SEVA helper', { helperName }), {
    kind: 'helper-accepted',
    lines: [
      i18n._('Hello {wearer},', { wearer }),
      i18n._('{helperName} accepted your invitation and can now help you on the SEVA portal: faces, emergency contacts, the Knowledge Base and Updates. Your Recent activity shows what they do.', { helperName }),
      i18n._('To end their access at any time, open your profile and choose "Remove {helperName}" under Helpers. It takes effect at once.', { helperName }),
    ],
    action: { label: i18n._('Open my profile'), link: details.profileLink },
  });
}

/** To the wearer: the invited person declined. */
export function declinedMail(i18n: I18n, to: string, details: { wearer: string; helperName: string }): Mail {
  const { helperName, wearer } = details;
  return mail(to, i18n._('{helperName} declined your SEVA invitation', { helperName }), {
    kind: 'helper-declined',
    lines: [
      i18n._('Hello {wearer},', { wearer }),
      i18n._('{helperName} declined your invitation to help on the SEVA portal. You can invite someone else from your profile.', { helperName }),
    ],
  });
}

/** To the helper: the wearer removed them. */
export function removedMail(i18n: I18n, to: string, details: { helperName: string; wearer: string }): Mail {
  const { helperName, wearer } = details;
  return mail(to, i18n._('You no longer help {wearer} on SEVA', { wearer }), {
    kind: 'helper-removed',
    lines: [
      i18n._('Hello {helperName},', { helperName }),
      i18n._('{wearer} has ended your access as their helper on the SEVA portal. Nothing else about your helper account has changed.', { wearer }),
    ],
  });
}

/** To the wearer: a helper stopped helping them (or deleted their helper account). */
export function stoppedMail(i18n: I18n, to: string, details: { wearer: string; helperName: string; accountDeleted: boolean }): Mail {
  const { helperName, wearer } = details;
  const what = details.accountDeleted
    ? i18n._('{helperName} deleted their helper account on the SEVA portal. They can no longer act on your account. You can invite a helper again from your profile.', { helperName })
    : i18n._('{helperName} chose to stop helping you on the SEVA portal. They can no longer act on your account. You can invite a helper again from your profile.', { helperName });
  return mail(to, i18n._('{helperName} no longer helps you on SEVA', { helperName }), { kind: 'helper-stopped', lines: [i18n._('Hello {wearer},', { wearer }), what] });
}

/** To a helper: the wearer they helped deleted their account. */
export function wearerDeletedMail(i18n: I18n, to: string, details: { helperName: string; wearer: string }): Mail {
  const { helperName, wearer } = details;
  return mail(to, i18n._('{wearer} deleted their SEVA account', { wearer }), {
    kind: 'wearer-deleted',
    lines: [
      i18n._('Hello {helperName},', { helperName }),
      i18n._('{wearer} deleted their SEVA account, so you no longer help them. Their data is gone; your helper account is unchanged.', { wearer }),
    ],
  });
}

/** To a helper: the link to choose a new password (once, for an hour). */
export function helperResetMail(i18n: I18n, to: string, details: { helperName: string; link: string; expiresAt: string }): Mail {
  const { helperName } = details;
  return mail(to, i18n._('Reset your SEVA helper password'), {
    kind: 'helper-password-reset',
    lines: [
      i18n._('Hello {helperName},', { helperName }),
      i18n._('We received a request to reset the password of your SEVA helper account. The link works once and expires in 1 hour.'),
      i18n._('If you did not ask for this, you can ignore this e-mail.'),
    ],
    action: { label: i18n._('Choose a new password'), link: details.link, expiresAt: details.expiresAt },
  });
}

/** To a helper: someone is guessing their password (at most once per window, as a wearer is told). */
export function helperGuessingMail(i18n: I18n, to: string, details: { helperName: string; failures: number; minutes: number; signInLink: string }): Mail {
  const { helperName, failures, minutes } = details;
  return mail(to, i18n._('Someone is trying to sign in to your SEVA helper account'), {
    kind: 'sign-in-attempts',
    lines: [
      i18n._('Hello {helperName},', { helperName }),
      i18n._('Someone has entered a wrong password for your SEVA helper account {failures} times in the last {minutes} minutes.', { failures, minutes }),
      i18n._('Each address they try from is blocked after a few wrong passwords. You can still sign in as usual.'),
      i18n._('If this was not you, we recommend that you choose a new password: use "Forgot password?" on the helper sign-in page.'),
    ],
    action: { label: i18n._('Sign in'), link: details.signInLink },
  });
}
