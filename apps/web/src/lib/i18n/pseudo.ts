import type { Messages } from '@lingui/core';
import { pseudoText } from '@seva/shared';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

type Message = Messages[string];

/** `<0>`, `</0>`, `<0/>`: where a `<Trans>` puts an element, which must stay as it is. */
const ELEMENT = /(<\/?\d+\/?>)/;

function pseudoString(text: string): string {
  return text
    .split(ELEMENT)
    .map((part) => (ELEMENT.test(part) ? part : pseudoText(part)))
    .join('');
}

function pseudoMessage(message: Message): Message {
  if (typeof message === 'string') return pseudoString(message);
  return message.map((token): CompiledMessage[number] => {
    if (typeof token === 'string') return pseudoString(token);
    // A placeholder: [name], or [name, 'plural' | 'select', { one: message, other: message }].
    const [name, format, options] = token;
    if (!options || typeof options !== 'object') return token;
    const forms = Object.fromEntries(Object.entries(options).map(([key, form]) => [key, Array.isArray(form) ? pseudoMessage(form as CompiledMessage) : form]));
    return [name, format, forms] as typeof token;
  });
}

/**
 * The pseudo-language of a catalog (D-058): the English made longer and accented. The e2e sweep renders every screen
 * in it; text shown without accents did not come from a catalog, and text that clips at 320 px would in a longer language.
 */
export function pseudoCatalog(english: Messages): Messages {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]));
}
