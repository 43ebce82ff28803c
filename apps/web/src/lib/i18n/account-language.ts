import { i18n } from '@lingui/core';
import { isLocale, LOCALE_COOKIE, type Locale } from '@seva/shared';
import { useCallback } from 'react';
import { apiFetch } from '../api-client.ts';
import { useSignedIn } from '../session.ts';
import { switchTo } from './catalogs.ts';

/**
 * Keeps a language chosen with the control on the signed-in wearer's account: the portal's e-mails to them are written
 * in it, and their next sign-in, in any browser, starts in it. Signed out, or signed in as a helper, the cookie alone
 * keeps it. A failed save is not shown: the page is already in the language chosen, and the next choice saves again.
 */
export function useSaveLanguage(): (locale: Locale) => void {
  const signedIn = useSignedIn().data;
  const wearer = signedIn && !signedIn.helper;
  return useCallback(
    (locale: Locale) => {
      if (wearer) apiFetch('/api/account/language', { method: 'PUT', json: { locale } }).catch(() => undefined);
    },
    [wearer],
  );
}

/** The language cookie as the browser now holds it. */
function cookieLocale(): Locale | undefined {
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : undefined;
}

/** After a sign-in: the server set the account's language in the cookie, if it has one; the page follows at once. */
export async function followAccountLanguage(): Promise<void> {
  const locale = cookieLocale();
  if (locale && locale !== i18n.locale) await switchTo(locale);
}
