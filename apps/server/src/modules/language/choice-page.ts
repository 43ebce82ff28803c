import { LANGUAGE_FORM, LOCALE_NAMES, LOCALES, localise, type Locale } from '@seva/shared';
import { i18nFor } from '../../i18n/catalogs.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

const HEADING = /*i18n*/ 'Choose a language';
const BACK = /*i18n*/ 'Back to the page you were on';

/** The look of the 'Language' control's buttons (44 by 44 CSS pixels at least), with the portal's 7:1 text. */
const STYLE =
  'body{margin:0;font:1.125rem/1.5 system-ui,sans-serif;color:#0b0c0c;background:#fff}main{max-width:40rem;margin:0 auto;padding:1rem}' +
  '.problem{border-left:0.375rem solid #a4080d;padding-left:0.75rem;color:#a4080d;font-weight:700}' +
  'button{min-width:2.75rem;min-height:2.75rem;margin:0 0.75rem 0.75rem 0;padding:0.5rem 1rem;font:inherit;color:#0b0c0c;background:#fff;border:0.125rem solid #0b0c0c;border-radius:0.25rem}' +
  "button[aria-pressed='true']{font-weight:700;text-decoration:underline}a{color:#1d3f99}:focus-visible{outline:0.1875rem solid #0b0c0c;outline-offset:0.125rem}";

/**
 * The page a 'Language' form post gets when it names no language the portal speaks (a hand-made or broken post): the
 * problem said in the page's language, the choice offered again as the same form, and a way back. Everything the
 * post brought is escaped; only `back`, already checked to be an address of this site, is used.
 */
export function languageChoicePage(locale: Locale, problem: string, back: string): string {
  const say = (english: string) => escapeHtml(localise(i18nFor(locale), english));
  const buttons = LOCALES.map(
    (option) =>
      `<button type="submit" name="${LANGUAGE_FORM.locale}" value="${option}" lang="${option}" aria-pressed="${option === locale}">${escapeHtml(LOCALE_NAMES[option])}</button>`,
  ).join('');
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say(HEADING)} – SEVA</title><style>${STYLE}</style></head>
<body><main>
<h1>${say(HEADING)}</h1>
<p class="problem">${say(problem)}</p>
<form method="post" action="${LANGUAGE_FORM.path}"><input type="hidden" name="${LANGUAGE_FORM.back}" value="${escapeHtml(back)}">${buttons}</form>
<p><a href="${escapeHtml(back)}">${say(BACK)}</a></p>
</main></body>
</html>
`;
}
