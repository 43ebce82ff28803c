import type { FastifyInstance } from 'fastify';
import { isLocale, LANGUAGE_FORM, LOCALES, type Locale } from '@seva/shared';
import { z } from 'zod';
import { BODY_LIMIT } from '../../config.ts';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import { rememberLocale } from '../../plugins/locale.ts';
import type { Identify } from '../../plugins/session.ts';
import { languageChoicePage } from './choice-page.ts';

/** Whom a session cookie names. */
type SignedIn = NonNullable<Awaited<ReturnType<Identify>>>;

const NO_LANGUAGE = /*i18n*/ 'Choose one of the languages below.';
const UNKNOWN_LANGUAGE = /*i18n*/ 'That language is not offered. Choose one of the languages below.';

/** Longest address the form may send the browser back to; a longer one is not a page of ours. */
const MAX_BACK = 2048;

/**
 * Where the browser goes after the form: `back` when it is an address of this site (a path: not `//host`, no
 * backslash, space or control character, which a browser may read as another host), else the start page.
 */
export function backAddress(back: unknown): string {
  return typeof back === 'string' && back.length <= MAX_BACK && /^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(back) ? back : '/';
}

/** A field of a form (or JSON) body as text: the first if sent twice, undefined if absent or not text. */
function field(body: unknown, name: string): string | undefined {
  if (body instanceof URLSearchParams) return body.get(name) ?? undefined;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const choiceSchema = z.object({
  [LANGUAGE_FORM.locale]: z.enum(LOCALES).meta({ description: 'The language chosen.' }),
  [LANGUAGE_FORM.back]: z.string().optional().meta({ description: 'The address of the page the form was on: the browser is sent back there (a path of this site; anything else sends it to /).' }),
});

const call = {
  schema: {
    tags: ['pages'],
    summary: "The 'Language' control without script: choose the pages' language",
    description:
      'The footer\'s form, posted by a browser before (or without) the app\'s script. Sets the `seva_locale` cookie, and a signed-in wearer\'s account language, then answers 303 to `back`. A language the portal does not speak, or none, gets the choice again as an HTML page in the current language (400). A post from another site is refused (403).',
    security: security.anyone,
    consumes: ['application/x-www-form-urlencoded'],
    body: choiceSchema,
    response: {
      303: noContent('Chosen: `Location` is `back`, the page the form was on, which the browser opens again in that language.'),
      400: { description: 'No language the portal speaks was chosen: the choice again, as a page.', content: { 'text/html': { schema: z.string().meta({ examples: ['<!doctype html>…'] }) } } },
      ...refusals(403),
    },
  },
};

/**
 * POST /language (public): the footer's 'Language' form as the server answers it (issue #33, D-064), so a press made
 * before the app's script has run, or without it, is never lost. The session, when there is one, comes from its
 * cookie: a wearer's account keeps the choice, as the control's PUT /api/account/language does.
 */
export function languageRoutes(deps: { identify: Identify; saveLanguage: (user: SignedIn, locale: Locale) => Promise<void>; secureCookies: boolean }) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    app.post(LANGUAGE_FORM.path, call, async (request, reply) => {
      const back = backAddress(field(request.body, LANGUAGE_FORM.back));
      const locale = field(request.body, LANGUAGE_FORM.locale);
      reply.header('Cache-Control', 'no-store');
      if (!isLocale(locale)) {
        const problem = locale === undefined || locale === '' ? NO_LANGUAGE : UNKNOWN_LANGUAGE;
        return reply.status(400).type('text/html; charset=utf-8').send(languageChoicePage(request.locale, problem, back));
      }
      rememberLocale(reply, locale, deps.secureCookies);
      const user = await deps.identify(request);
      if (user) await deps.saveLanguage(user, locale);
      return reply.redirect(back, 303);
    });
  };
}
