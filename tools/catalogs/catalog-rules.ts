import { parse, type Token } from '@messageformat/parser';

/** One catalog as the checks read it: each message's id and, in a translation, what it says. */
export type CatalogEntries = Record<string, { message?: string | undefined; translation?: string | undefined }>;

/** `{name}`, `{count, plural, …}`: the names of a message's placeholders, which a translation must keep. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const option of token.cases) visit(option.tokens);
    }
  };
  try {
    visit(parse(message));
  } catch {
    return ['(not ICU MessageFormat)'];
  }
  return [...names].sort();
}

/** `<0>…</0>`, `<1/>`: the elements of a `<Trans>`, which a translation must keep too. */
export function elementsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/<(\d+)\/?>/g)].map((match) => match[1]!))].sort();
}

/**
 * What is wrong with one catalog (D-058): `found` is what the code says now (a fresh extraction: each message's id and,
 * where the id is made from it, its English), `source` the English
 * catalog committed, `translations` each other language's. A message the code says that the catalog lacks is missing;
 * one the catalog holds that the code no longer says is unused; a translation that is empty or drops or adds a
 * placeholder or an element is wrong.
 */
export function catalogProblems(name: string, found: CatalogEntries, source: CatalogEntries, translations: Record<string, CatalogEntries>): string[] {
  const problems: string[] = [];
  const ids = new Set(Object.keys(source));
  const english = (id: string) => found[id]?.message ?? source[id]?.message ?? id;
  // ICU MessageFormat reads an apostrophe before a brace as a quote: '{name}' prints "{name}", not the value.
  for (const id of Object.keys(found)) if (/'\{/.test(english(id))) problems.push(`${name}: "${english(id)}" has an apostrophe before a placeholder, which ICU reads as quoting it: put the quotes in the value`);
  for (const id of Object.keys(found)) if (!ids.has(id)) problems.push(`${name}: "${english(id)}" is said in the code but missing from the catalog (npm run messages)`);
  for (const id of ids) if (!(id in found)) problems.push(`${name}: "${english(id)}" is in the catalog but no longer said in the code (npm run messages)`);
  for (const [locale, entries] of Object.entries(translations)) {
    for (const id of Object.keys(found)) {
      const translation = entries[id]?.translation;
      if (!translation) {
        problems.push(`${name} (${locale}): "${english(id)}" has no translation`);
        continue;
      }
      const same = (of: (message: string) => string[]) => of(english(id)).join() === of(translation).join();
      if (!same(placeholdersOf) || !same(elementsOf)) problems.push(`${name} (${locale}): "${translation}" does not keep the placeholders and elements of "${english(id)}"`);
    }
  }
  return problems;
}
