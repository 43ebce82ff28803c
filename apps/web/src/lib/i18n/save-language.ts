import type { Locale } from '@seva/shared';
import { useCallback } from 'react';
import { apiFetch } from '../api-client.ts';
import { useSignedIn } from '../session.ts';

/**
 * Keeps a language chosen with the control on the account of whoever is signed in, wearer or helper: the e-mails the
 * portal sends them are written in it, and a sign-in in another browser starts in it. Signed out, the cookie alone
 * remembers it. A failed save is not shown: the page is already in the language chosen, and the next choice saves again.
 */
export function useSaveLanguage(): (locale: Locale) => void {
  const signedIn = useSignedIn().data;
  return useCallback(
    (locale: Locale) => {
      if (!signedIn) return;
      apiFetch('/api/account/language', { method: 'PUT', json: { locale } }).catch(() => undefined);
    },
    [signedIn],
  );
}
