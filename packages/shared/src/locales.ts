/**
 * The languages the portal speaks (issue #23, D-058). The English of SPEC.md is the source every other language is
 * translated from; a language is added by adding its code here and its catalogs under locales/.
 */
export const LOCALES = ['en-GB', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** The cookie the 'Language' control sets; it wins over the browser's Accept-Language. */
export const LOCALE_COOKIE = 'seva_locale';

/** How long the cookie keeps the choice, in seconds: a year, as the browser's own language setting outlives a session. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Each language as the 'Language' control offers it: named in itself, and in English after it where a reader may lack
 * the script's font (issue #33).
 */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-GB': 'English', hi: 'हिन्दी (Hindi)' };

/**
 * The 'Language' control is a form the server answers without script (D-064): posted to `path` with the chosen
 * `locale` and the address to go `back` to, it sets the cookie (and a signed-in wearer's account) and sends the
 * browser back there. With script, the app switches at once instead.
 */
export const LANGUAGE_FORM = { path: '/language', locale: 'locale', back: 'back' } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The language we speak that `header` (an Accept-Language value, RFC 9110 §12.5.4) prefers: by q-value, the first
 * listed among equals; '*', q=0 and languages we don't speak are skipped; a tag matches by its primary subtag ('hi-IN'
 * is Hindi, 'en-US' English).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const found = LOCALES.find((locale) => primary(locale) === primary(range.tag));
    if (found) return found;
  }
  return undefined;
}

/** The page's language: the control's cookie, else the browser's preference, else English. */
export function chooseLocale(from: { cookie?: string | undefined; acceptLanguage?: string | undefined }): Locale {
  if (isLocale(from.cookie)) return from.cookie;
  return localeFromAcceptLanguage(from.acceptLanguage) ?? DEFAULT_LOCALE;
}
