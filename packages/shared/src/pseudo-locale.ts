/**
 * en-XA, the pseudo-language (the tag Android and Chrome use for accented English, D-058): English made longer and
 * accented. The e2e sweep renders every screen in it; text shown without accents did not come from a catalog, and text
 * that clips at 320 px would in a longer language. Never offered to users; a page asks for it with the cookie.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Each ASCII letter's accented look-alike, so text in the pseudo-language stays readable. */
const LOOK_ALIKE: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'áƀçđéƒğĥíĵķĺɱñóƥǫŕšťúṽŵẋýžÁƁÇĐÉƑĞĤÍĴĶĹṀÑÓƤǪŔŠŤÚṼŴẊÝŽ'][index]!]),
);

/** Every accented letter the pseudo-language writes: a text holding none did not come from a catalog. */
export const PSEUDO_LETTERS = new Set(Object.values(LOOK_ALIKE));

/** Text in the pseudo-language: every letter accented, and every third doubled, so it runs about a third longer. */
export function pseudoText(text: string): string {
  let letters = 0;
  return text.replace(/[A-Za-z]/g, (letter) => {
    const accented = LOOK_ALIKE[letter]!;
    return letters++ % 3 === 0 ? accented + accented : accented;
  });
}
