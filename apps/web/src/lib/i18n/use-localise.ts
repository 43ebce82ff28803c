import { useLingui } from '@lingui/react';
import { localise } from '@seva/shared';

/**
 * A message of the shared rules (`messages`, `helperMessages`, a zod rule's message), which are written in English,
 * in the page's language. useLingui renders the component again when the language changes.
 */
export function useLocalise(): (english: string) => string {
  const { i18n } = useLingui();
  return (english: string) => localise(i18n, english);
}
