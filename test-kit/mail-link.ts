/** The pages the portal's e-mails link to with a one-time token. */
export type MailPage = 'verify-email' | 'reset-password' | 'helper/accept' | 'helper/reset-password' | 'restore-account';

/** The path and query of the link to `page` in an e-mail's text (e.g. `/verify-email?token=…`), if any. */
export function linkInMail(text: string, page: MailPage): string | undefined {
  return text.match(new RegExp(`https?://[^\\s/]+(/${page}\\?token=[\\w-]+)`))?.[1];
}

/** The token of the link to `page` in an e-mail's text, if any ('reset-password' is the wearer's, never '/helper/reset-password'). */
export function tokenInMail(text: string, page: MailPage): string | undefined {
  return text.match(new RegExp(`(?<!/helper)/${page}\\?token=([\\w-]+)`))?.[1];
}
