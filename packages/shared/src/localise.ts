import type { I18n, Messages } from '@lingui/core';
import { countryByName } from './countries.ts';
import { DEFAULT_LOCALE } from './locales.ts';

/**
 * English text with its `{name}` placeholders filled: how the shared rules and the server write a message whose
 * template is in the catalogs (D-058), e.g. fill('Maximum {n} characters', { n: 50 }).
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  literal: number;
}

const templatesOf = new WeakMap<Messages, Template[]>();

function templates(messages: Messages): Template[] {
  let found = templatesOf.get(messages);
  if (!found) {
    found = Object.keys(messages)
      .filter((id) => /\{\w+\}/.test(id))
      .map((id) => {
        const names = [...id.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
        const source = id
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          // A value never spans sentences, so a template cannot swallow the sentence before it.
          .join('((?:(?![.?!] ).)+?)');
        return { id, names, pattern: new RegExp(`^${source}$`), literal: id.replace(/\{\w+\}/g, '').length };
      })
      // The most specific first: '{digits} digits' must not take what 'Phone number must be {digits} digits…' says.
      .sort((a, b) => b.literal - a.literal);
    templatesOf.set(messages, found);
  }
  return found;
}

/**
 * A placeholder's value in the reader's language: a country's name ('India', 'भारत'); digit counts, '8, 9 or 10',
 * as the language lists alternatives; anything else as it was written.
 */
function localiseValue(locale: string, name: string, english: string): string {
  if (name.endsWith('Date')) {
    const day = readLongDate(english);
    return day ? daysIn(locale).format(day) : english;
  }
  if (name === 'country') {
    const region = countryByName(english)?.region;
    return region ? (regionNames(locale).of(region) ?? english) : english;
  }
  if (name === 'digits') {
    const numbers = (english.match(/\d+/g) ?? []).map((n) => numbersIn(locale).format(Number(n)));
    // One count (most countries) needs no list, nor ICU's list patterns for the language.
    return numbers.length === 1 ? numbers[0]! : alternatives(locale).format(numbers);
  }
  return english;
}

/**
 * `make` made once per language: making an Intl object reads ICU's data for the language, which costs a slow phone a
 * long task each time (`toLocaleString(locale)` makes a number format on every call).
 */
export function onePerLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => made.get(locale) ?? made.set(locale, make(locale)).get(locale)!;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day as the English messages write it, '12 December 2026' (UTC): the value of a placeholder named `…Date`. */
export function longDate(at: Date | string): string {
  return daysIn(DEFAULT_LOCALE).format(new Date(at));
}

function readLongDate(english: string): Date | undefined {
  const [, day, month, year] = /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(english) ?? [];
  const index = MONTHS.indexOf(month ?? '');
  return index < 0 ? undefined : new Date(Date.UTC(Number(year), index, Number(day)));
}

const daysIn = onePerLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));
const regionNames = onePerLocale((locale) => new Intl.DisplayNames([locale], { type: 'region' }));
const numbersIn = onePerLocale((locale) => new Intl.NumberFormat(locale));
const alternatives = onePerLocale((locale) => new Intl.ListFormat(locale, { type: 'disjunction' }));

/**
 * Reads ICU's number data for `locale` now: the first message with a number in a language otherwise reads it inside
 * whatever is drawing it, which on a slow phone makes one long task of both (web's main.tsx, D-069).
 */
export function prepareNumbers(locale: string): void {
  numbersIn(locale);
}

/**
 * An English message of the shared rules or the server (a zod rule's message, a refusal's) in `i18n`'s language.
 * The English text is the message's id in the catalogs, so the rules stay in English, as SPEC.md quotes them, and
 * are said in the reader's language where they are shown: by the server for its answers, by the web for its forms.
 * A message with values is found by its template, and one made of several sentences sentence by sentence. A message
 * no catalog holds is shown as it is.
 */
export function localise(i18n: I18n, english: string): string {
  if (i18n.locale === DEFAULT_LOCALE) return english;
  const whole = translate(i18n, english);
  if (whole !== undefined) return whole;
  // A message made of several of the catalogs' sentences ('Your password has been changed. 2 other browsers signed out.').
  const sentences = english.split(/(?<=[.?!]) (?=\S)/);
  const translated = sentences.length > 1 ? sentences.map((sentence) => translate(i18n, sentence)) : [];
  return translated.length > 0 && translated.every((part) => part !== undefined) ? translated.join(' ') : english;
}

function translate(i18n: I18n, english: string): string | undefined {
  const messages = i18n.messages;
  if (english in messages) return i18n._(english);
  for (const template of templates(messages)) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, localiseValue(i18n.locale, name, match[index + 1]!)]));
    return i18n._(template.id, values);
  }
  return undefined;
}
