import { z } from 'zod';
import { LOCALES } from '../locales.ts';

export const languageMessages = {
  unknownLanguage: /*i18n*/ 'Choose a language the portal speaks: en-GB or hi.',
} as const;

/** PUT /api/account/language: the language chosen with the 'Language' control, for the account's e-mails (issue #23). */
export const languageChoiceSchema = z
  .strictObject({ locale: z.enum(LOCALES, { error: languageMessages.unknownLanguage }) })
  .meta({ examples: [{ locale: 'hi' }] });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
