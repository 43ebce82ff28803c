import { i18n } from '@lingui/core';
import { isLocale, LOCALE_COOKIE, type Locale } from '@seva/shared';
import { switchTo } from './catalogs.ts';

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
