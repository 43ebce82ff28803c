import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@seva/shared';
import { apiFetch } from '../api-client.ts';
import { switchTo } from './catalogs.ts';

/**
 * A language chosen with the 'Language' control once the app runs (components/ui/language-control.tsx), loaded when
 * first chosen: the page switches at once; the choice is kept in a cookie the server reads for the next page and what
 * it answers, and on a signed-in wearer's account (their e-mails, their next sign-in anywhere). A failed save is not
 * shown: the page is already in the language chosen, and the next choice saves again.
 */
export async function chooseLanguage(locale: Locale, onWearersAccount: boolean): Promise<void> {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  await switchTo(locale);
  if (onWearersAccount) apiFetch('/api/account/language', { method: 'PUT', json: { locale } }).catch(() => undefined);
}
