import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { isLocale, LANGUAGE_FORM, LOCALE_NAMES, LOCALES } from '@seva/shared';
import { useId, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useSignedIn } from '../../lib/session.ts';

/**
 * The 'Language' control, in every screen's footer and on /profile (issues #23, #33): each language named in itself
 * and marked with its own `lang`, so a screen reader says 'हिन्दी' with a Hindi voice on an English page; the one in
 * use pressed. It is a form the server answers (D-064): pressed before the app's script has run, or without it, the
 * browser posts it, and the server sets the cookie (and a signed-in wearer's account) and shows the same page again
 * in that language. Once the app runs, a choice applies at once without a reload, and is kept the same two ways.
 * `labelledBy`: the id of a heading that names the choice already (on /profile); the footer names it itself.
 */
export function LanguageControl({ labelledBy }: { labelledBy?: string }) {
  const { i18n } = useLingui();
  const ownLabel = useId();
  const { pathname } = useLocation();
  const signedIn = useSignedIn().data;
  const choose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const locale = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    if (!isLocale(locale)) return;
    const { chooseLanguage } = await import('../../lib/i18n/choose-language.ts');
    await chooseLanguage(locale, Boolean(signedIn && !signedIn.helper));
  };
  return (
    <form method="post" action={LANGUAGE_FORM.path} className="language-control" onSubmit={(event) => void choose(event)}>
      <div role="group" aria-labelledby={labelledBy ?? ownLabel}>
        {labelledBy ? null : (
          <span id={ownLabel}>
            <Trans>Language</Trans>
          </span>
        )}
        {/* The address to come back to: this screen's; the page's first script adds its query when the browser posts it. */}
        <input type="hidden" name={LANGUAGE_FORM.back} value={pathname} data-page-address="" />
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="submit"
            name={LANGUAGE_FORM.locale}
            value={locale}
            lang={locale}
            className="button button-secondary language-option"
            aria-pressed={i18n.locale === locale}
          >
            {LOCALE_NAMES[locale]}
          </button>
        ))}
      </div>
    </form>
  );
}
