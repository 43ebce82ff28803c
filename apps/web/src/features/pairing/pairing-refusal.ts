import { messages } from '@seva/shared';
import { ApiError, withReference } from '../../lib/api-client.ts';

/** Why a pairing code was not answered, and whether the reason is the code itself (then the field shows it too). */
interface PairingRefusal {
  message: string;
  aboutCode: boolean;
}

/** What /pair says when codes are being tried too often: the server's words, then why and what to do. */
export const tooManyCodes = (serverMessage: string) =>
  `${serverMessage.replace(/\.$/, '')}. To keep your account safe, only a few pairing codes can be tried in a row. Wait a few minutes, then try again.`;

/** Refusals that concern the code typed: malformed (400), unknown (404), already answered (409) or expired (410). */
const ABOUT_CODE = new Set([400, 404, 409, 410]);

/**
 * The server's refusal of a code, in words for the user: its own message for a wrong, used or expired code (they say
 * what to do), a rate limit explained, the mail failure as said, and the portal's catch-all for anything else.
 */
export function pairingRefusal(error: unknown): PairingRefusal {
  if (!(error instanceof ApiError)) return { message: messages.serverError, aboutCode: false };
  if (error.isNetworkError) return { message: error.message, aboutCode: false };
  if (error.status === 429) return { message: tooManyCodes(error.message), aboutCode: false };
  // 503 carries a message for people (the pairing e-mail could not be sent); other server faults do not.
  if (error.status >= 500 && error.status !== 503) return { message: withReference(messages.serverError, error.reference), aboutCode: false };
  return { message: error.message, aboutCode: ABOUT_CODE.has(error.status) };
}
