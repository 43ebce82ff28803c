import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '@seva/shared';
import { ApiError, withReference } from '../../lib/api-client.ts';

/** Why a pairing code was not answered, and whether the reason is the code itself (then the field shows it too). */
interface PairingRefusal {
  message: string;
  aboutCode: boolean;
}

/** What /pair says when codes are being tried too often, in `i18n`'s language: the server's words, then why and what to do. */
export function tooManyCodes(serverMessage: string, i18n: I18n): string {
  // The server's sentence without its full stop (or Hindi's danda): the template ends it.
  const message = serverMessage.replace(/[.।]$/, '');
  return i18n._(msg`${message}. To keep your account safe, only a few pairing codes can be tried in a row. Wait a few minutes, then try again.`);
}

/** Refusals that concern the code typed: malformed (400), unknown (404), already answered (409) or expired (410). */
const ABOUT_CODE = new Set([400, 404, 409, 410]);

/**
 * The server's refusal of a code, in words for the user: its own message for a wrong, used or expired code (they say
 * what to do), a rate limit explained, the mail failure as said, and the portal's catch-all for anything else. The
 * rate limit's explanation is in `i18n`'s language; the other messages are localised where they are shown.
 */
export function pairingRefusal(error: unknown, i18n: I18n): PairingRefusal {
  if (!(error instanceof ApiError)) return { message: messages.serverError, aboutCode: false };
  if (error.isNetworkError) return { message: error.message, aboutCode: false };
  if (error.status === 429) return { message: tooManyCodes(error.message, i18n), aboutCode: false };
  // 503 carries a message for people (the pairing e-mail could not be sent); other server faults do not.
  if (error.status >= 500 && error.status !== 503) return { message: withReference(messages.serverError, error.reference), aboutCode: false };
  return { message: error.message, aboutCode: ABOUT_CODE.has(error.status) };
}
