import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@seva/shared';

/** locales/, beside apps/: the catalogs the web is built with (D-058). */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../locales');
/**
 * The server says the shared rules' messages, from every `shared*` catalog however lingui.config.ts splits them for
 * the web's pages, and its own (`server`): its e-mails and refusals.
 */
const isServerCatalog = (file: string) => file === 'server.po' || (file.startsWith('shared') && file.endsWith('.po'));

const po = formatter({ lineNumbers: false });

/** One catalog's messages in `locale`, compiled; an empty translation falls back to the English source. */
async function readCatalog(locale: Locale, name: string): Promise<Messages> {
  const file = path.join(LOCALES_DIR, locale, name);
  const catalog = await po.parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: DEFAULT_LOCALE, filename: file });
  return Object.fromEntries(
    Object.entries(catalog).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id)]),
  );
}

const translators = new Map<Locale, I18n>();

/** Reads every language's catalogs, once, before the server answers (app.ts). */
export async function loadServerCatalogs(): Promise<void> {
  for (const locale of LOCALES) {
    if (translators.has(locale)) continue;
    const messages: Messages = {};
    for (const name of fs.readdirSync(path.join(LOCALES_DIR, locale)).filter(isServerCatalog)) Object.assign(messages, await readCatalog(locale, name));
    translators.set(locale, translator(locale, messages));
  }
}

function translator(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // A message no catalog holds (a tool that sends mail without loading them) is still filled in, in English.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/**
 * A language's translator: `i18nFor(locale)._(…)` says a server message (an e-mail's words) and
 * `localise(i18nFor(locale), english)` a shared rule's message in that language.
 */
export function i18nFor(locale: Locale): I18n {
  return translators.get(locale) ?? translators.get(DEFAULT_LOCALE) ?? translator(DEFAULT_LOCALE, {});
}

/** The translator of what is sent to an account: in the language it chose, else `fallback` (the request's), else English. */
export function i18nOfAccount(account: { locale: string | null }, fallback: Locale = DEFAULT_LOCALE): I18n {
  return i18nFor(isLocale(account.locale) ? account.locale : fallback);
}
