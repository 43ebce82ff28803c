import { useCallback, useState } from 'react';

/**
 * A reading preference kept in this browser (the view, the zoom), so a user who needs it does not set it again on
 * every visit. Nothing personal: it never leaves the browser. A stored value `parse` does not accept is ignored.
 */
export function useStoredChoice<T>(key: string, fallback: T, parse: (stored: string) => T | undefined): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return (stored === null ? undefined : parse(stored)) ?? fallback;
    } catch {
      return fallback;
    }
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Storage may be off (private browsing); the choice then lasts as long as the page.
      }
    },
    [key],
  );
  return [value, choose];
}
