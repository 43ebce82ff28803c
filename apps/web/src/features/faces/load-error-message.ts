import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../lib/api-client.ts';

/** product §8: what the faces list says when it cannot load, by what went wrong, in `i18n`'s language. */
export function loadErrorMessage(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Unable to load your face database. Please try refreshing the page.`);
  // The network's message is the web's own (lib/api-client.ts), already in the page's language.
  if (error.isNetworkError) return error.message;
  if (error.status >= 500) return i18n._(msg`Server error. Please try again later.`);
  // The text is the server's own message, said by the server in the reader's language.
  const { status, message: text } = error;
  return i18n._(msg({ message: `Server responded with ${status}: ${text}`, comment: "{status} is the HTTP status code (e.g. 403); {text} is the server's own message." }));
}
