import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from '@seva/shared';
import { useId } from 'react';
import { useSaveLanguage } from '../../lib/i18n/account-language.ts';
import { switchTo } from '../../lib/i18n/catalogs.ts';

/** A year: the choice outlives the session, as the browser's own language setting does. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function remember(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * The 'Language' control on every screen (issue #23): each language named in itself and marked with its own `lang`,
 * so a screen reader says 'हिन्दी' with a Hindi voice on an English page. A choice applies at once, is remembered in a
 * cookie the server reads for the next page and what it answers, and on a signed-in wearer's account.
 */
export function LanguageControl() {
  const { i18n } = useLingui();
  const labelId = useId();
  const save = useSaveLanguage();
  const choose = async (locale: Locale) => {
    remember(locale);
    await switchTo(locale);
    save(locale);
  };
  return (
    <div role="group" aria-labelledby={labelId} className="language-control">
      <span id={labelId}>
        <Trans>Language</Trans>
      </span>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="link-button"
          aria-pressed={i18n.locale === locale}
          onClick={() => void choose(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
