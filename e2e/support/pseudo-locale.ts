import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LOCALE_COOKIE, PSEUDO_LETTERS, PSEUDO_LOCALE } from '@seva/shared';
import { expectNoHorizontalScroll, expectNothingClipped } from './layout.ts';

/** Shows every page of `context` in the pseudo-language (en-XA, D-058), as the cookie asks the server and the app. */
export async function usePseudoLocale(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: LOCALE_COOKIE, value: PSEUDO_LOCALE, url: baseURL, sameSite: 'Lax' }]);
}

/**
 * The text a person perceives on the page (visible text, and the accessible names and hints in attributes) that is
 * not pseudo-localised: it did not come from a catalog. `data` is what the test itself typed or made (a user's name,
 * e-mail or license ID); the product's name, the language names (each written in its own language), dates, codes and
 * addresses are not translated by design, nor is text marked with a language of its own (the manual's words, in the
 * language of the PDF the operator published).
 */
export async function untranslatedText(page: Page, data: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ letters, data }) => {
      const accented = new Set(letters);
      const designed = [/^SEVA$/, /^\d{1,2} [A-Z][a-z]+ \d{4}( at \d{1,2}:\d{2})?$/, /@/, /^https?:\/\//, /^(?=.*\d)[A-Z0-9-]+$/];
      const needsLanguage = (text: string) => /[A-Za-z]{2,}/.test(text);
      const isData = (text: string) => data.some((value) => value !== '' && text.includes(value));
      const pageLanguage = document.documentElement.lang;
      const inOtherLanguage = (element: Element) => (element.closest('[lang]')?.getAttribute('lang') ?? pageLanguage) !== pageLanguage;
      const found: string[] = [];
      const judge = (text: string | null | undefined, where: string) => {
        const value = (text ?? '').trim();
        if (!value || !needsLanguage(value) || [...value].some((c) => accented.has(c))) return;
        if (designed.some((pattern) => pattern.test(value)) || isData(value)) return;
        found.push(`${where}: ${value}`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, template, option, [hidden]') || !parent.checkVisibility({ visibilityProperty: true })) {
          // Visually hidden text (a screen reader's) is still read: it counts unless hidden from everyone.
          if (!parent || !parent.closest('.visually-hidden') || parent.closest('script, style, template, [hidden]')) continue;
        }
        if (!inOtherLanguage(parent)) judge(node.textContent, parent.tagName.toLowerCase());
      }
      for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]'))) {
        if (inOtherLanguage(element)) continue;
        for (const name of ['aria-label', 'placeholder', 'alt', 'title']) judge(element.getAttribute(name), `${element.tagName.toLowerCase()}[${name}]`);
      }
      judge(document.title, 'title');
      return found;
    },
    { letters: [...PSEUDO_LETTERS], data: [...data] },
  );
}

/** The page says nothing outside the catalogs, and at 320 px nothing makes it scroll sideways (WCAG 1.4.10) or cuts text off. */
export async function expectAllTranslated(page: Page, label: string, data: readonly string[] = []): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await untranslatedText(page, data), `text on ${label} that no catalog gave`).toEqual([]);
  await expectNoHorizontalScroll(page, `${label} in the longer pseudo-language`);
  await expectNothingClipped(page, `${label} in the longer pseudo-language`);
}
