import { COUNTRIES, countryLabel, sanitisePhoneDigits } from '@seva/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Every country for a select, sorted by name and shown as 'name (code)' (SPEC §3). Keyed by name: two share +44. */
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.name, label: countryLabel(c) }));

/**
 * Keeps a phone field to digits, capped at the country's longest number (SPEC §5). Registered in place, in the
 * form's order, so that a failed submit focuses the first wrong field. `onNonDigit` runs after the form has
 * checked the kept digits, when the typed text held something else.
 */
export function digitsOnly<N extends string>(field: UseFormRegisterReturn<N>, countryCode: string, onNonDigit?: () => void): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: async (event) => {
      const typed = String(event.target.value);
      event.target.value = sanitisePhoneDigits(typed, countryCode);
      const result = await field.onChange(event);
      if (/\D/.test(typed)) onNonDigit?.();
      return result;
    },
  };
}
