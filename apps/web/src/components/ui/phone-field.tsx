import { useLingui } from '@lingui/react/macro';
import { allowedLengths, COUNTRIES, countryLabel, DEFAULT_LOCALE, digitCountText, onePerLocale } from '@seva/shared';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { phoneNumberReadBack } from '../../lib/phone-parser.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

/**
 * Every country shown as 'name (code)' (product §3), one per code: in English by SPEC's names, sorted by name; in
 * another language by the name Intl gives the country there ('भारत (+91)'), sorted as that language sorts.
 */
function countryOptions(locale: string): Array<{ value: string; label: string }> {
  if (locale === DEFAULT_LOCALE) return COUNTRIES.map((c) => ({ value: c.code, label: countryLabel(c) }));
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const order = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ value: c.code, label: `${names.of(c.region) ?? c.name} (${c.code})` })).sort((a, b) => order.compare(a.label, b.label));
}

/** Each language's list, made once: a page with two phone fields (/sos) asks ICU for names and order once. */
const countryOptionsIn = onePerLocale(countryOptions);

type ReadBack = typeof phoneNumberReadBack;

/** The phone parser once loaded: sign-up's page paints and runs without it, and loads it when a number is typed (D-054). */
let parser: Promise<ReadBack> | undefined;
let loadedReadBack: ReadBack | undefined;
const loadReadBack = () => (parser ??= import('../../lib/phone-parser.ts').then((module) => (loadedReadBack = module.phoneNumberReadBack)));

/** How `text` will be saved ('+44 7700 900123'): undefined until it is a number the parser has loaded and read. */
function usePhoneReadBack(text: string, countryCode: string): string | undefined {
  const [readBack, setReadBack] = useState(() => loadedReadBack);
  useEffect(() => {
    if (text !== '' && !readBack) void loadReadBack().then(() => setReadBack(() => loadedReadBack));
  }, [text, readBack]);
  return readBack?.(text, countryCode);
}

interface PhoneFieldProps {
  /** The country select, registered (with `deps` on the number, so changing country re-checks it). */
  country: UseFormRegisterReturn;
  /** The number input, registered. */
  number: UseFormRegisterReturn;
  /** The chosen country code and the number as typed now (watched), for the hint and the read-back. */
  countryCode: string;
  phoneText: string;
  countryError?: string | undefined;
  numberError?: string | undefined;
  /** Visible labels; SPEC's 'Country code' and 'Phone number' unless a screen says otherwise. */
  countryLabel?: string;
  numberLabel?: string;
  /** Accessible names, when several phone fields share a page ('Primary contact phone number'). */
  countryName?: string;
  numberName?: string;
  placeholder?: string;
  required?: boolean;
  /** 'tel' for the user's own number (the browser may fill it in); 'off' for someone else's. */
  autoComplete: 'tel' | 'off';
}

/**
 * The one phone control of sign-up, /profile and /sos (issue #9): a country list and a number field that takes the
 * number as people write or paste it (spaces, brackets, a trunk 0, the country code) and never drops a digit. The
 * hint sits outside the field; once the number is complete, a live note says how it will be saved
 * ('Will be saved as +44 7700 900123.'), so a screen-reader user hears what was understood.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { t, i18n } = useLingui();
  const localise = useLocalise();
  const options = countryOptionsIn(i18n.locale);
  const digits = localise(digitCountText(allowedLengths(props.countryCode)));
  const code = props.countryCode;
  const readBack = usePhoneReadBack(props.phoneText, props.countryCode);
  return (
    <>
      <SelectField
        label={props.countryLabel ?? t`Country code`}
        aria-label={props.countryName}
        options={options}
        error={props.countryError}
        // The chosen country in the markup itself, so a prerendered page (/signup) shows it before the script runs.
        defaultValue={props.countryCode}
        {...props.country}
      />
      <TextField
        label={props.numberLabel ?? t`Phone number`}
        aria-label={props.numberName}
        aria-required={props.required || undefined}
        type="tel"
        inputMode="tel"
        autoComplete={props.autoComplete}
        spellCheck={false}
        hint={t`${digits} after ${code}. You can type spaces or dashes, or paste the number with ${code}.`}
        placeholder={props.placeholder}
        note={readBack ? t`Will be saved as ${readBack}.` : ''}
        {...props.number}
        error={props.numberError}
      />
    </>
  );
}
