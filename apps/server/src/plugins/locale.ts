import { chooseLocale, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localise, PSEUDO_LOCALE, pseudoText, type Locale } from '@seva/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { i18nFor } from '../i18n/catalogs.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language: the 'Language' control's cookie, else Accept-Language, else English (issue #23). */
    readonly locale: Locale;
    /** The page asked for the pseudo-language (en-XA) of the e2e sweep: its pages, and its messages accented (D-058). */
    readonly pseudo: boolean;
  }
}

/**
 * `request.locale`, and every answer's `message` in it (D-058): the rules and services say their messages in English,
 * as SPEC.md quotes them, and this one hook says them in the language of the request, for the web and the glasses
 * alike. An English request pays one property check per answer.
 */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest): Locale {
      return chooseLocale({ cookie: this.cookies?.[LOCALE_COOKIE], acceptLanguage: this.headers['accept-language'] });
    },
  });
  app.decorateRequest('pseudo', {
    getter(this: FastifyRequest): boolean {
      return this.cookies?.[LOCALE_COOKIE] === PSEUDO_LOCALE;
    },
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || typeof (payload as { message?: unknown }).message !== 'string') return payload;
    const answer = payload as { message: string };
    if (request.pseudo) return { ...answer, message: pseudoText(answer.message) };
    const locale = request.locale;
    if (locale === DEFAULT_LOCALE) return payload;
    return { ...answer, message: localise(i18nFor(locale), answer.message) };
  });
}

/**
 * The browser keeps `locale` as its language: after a sign-in, the one the account chose, if it chose one (the next
 * page is in it, and the web switches at once: it reads the cookie, which is not HttpOnly, naming a language, nothing
 * secret); after the 'Language' form, the one chosen.
 */
export function rememberLocale(reply: FastifyReply, locale: string | null, secure: boolean): void {
  if (!isLocale(locale)) return;
  void reply.setCookie(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax', secure, httpOnly: false });
}
