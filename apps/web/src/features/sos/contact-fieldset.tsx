import { allowedLengths, CONTACT_DEFAULT_COUNTRY_CODE, CONTACT_NAME_MAX, contactMessages, countryByCode, countryByName, digitCountText, maxPhoneLength, sanitisePhoneDigits, type ContactSlot } from '@seva/shared';
import { useState } from 'react';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { COUNTRY_OPTIONS, digitsOnly } from '../../lib/phone-digits.ts';
import { SLOT_INFO } from './contact-slots.ts';
import type { ContactsFormApi } from './use-contacts-form.ts';

const DEFAULT_COUNTRY_NAME = countryByCode(CONTACT_DEFAULT_COUNTRY_CODE)?.name ?? '';

/**
 * One card of the edit mode: Full Name, country code ('name (code)', sorted by name) and a digits-only phone
 * (SPEC §2, §5). The legend names the card, and each control's name starts with it, so the two cards' fields
 * are told apart when listed out of context.
 */
export function ContactFieldset({ slot, form }: { slot: ContactSlot; form: ContactsFormApi }) {
  const { register, setValue, getValues, setError, watch, formState } = form;
  const { title, badge, who } = SLOT_INFO[slot];
  const required = slot === 'primary';
  const countryCode = watch(`${slot}.countryCode`) ?? CONTACT_DEFAULT_COUNTRY_CODE;
  // The select is keyed by name: 'UK' and 'United Kingdom' share +44.
  const [countryName, setCountryName] = useState(() => countryByCode(getValues(`${slot}.countryCode`) ?? '')?.name ?? DEFAULT_COUNTRY_NAME);
  const errors = formState.errors[slot];
  const noteId = `sos-${slot}-note`;

  return (
    <fieldset className="card sos-card" aria-describedby={noteId}>
      <legend className="sos-legend">
        {title} <span className={`sos-badge sos-badge-${slot}`}>{badge}</span>
      </legend>
      <div className="sos-fields">
        <p id={noteId} className="field-hint">
          {required ? 'Enter a name and a phone number.' : 'Enter both a name and a phone number, or leave both blank.'}
        </p>
        <TextField
          label="Full Name"
          aria-label={`${who} full name`}
          aria-required={required || undefined}
          autoComplete="off"
          maxLength={CONTACT_NAME_MAX}
          {...register(`${slot}.name`)}
          error={errors?.name?.message}
        />
        <SelectField
          label="Country code"
          aria-label={`${who} country code`}
          options={COUNTRY_OPTIONS}
          value={countryName}
          error={errors?.countryCode?.message}
          onChange={(event) => {
            const code = countryByName(event.target.value)?.code ?? '';
            setCountryName(event.target.value);
            setValue(`${slot}.countryCode`, code, { shouldValidate: true });
            setValue(`${slot}.phoneNumber`, sanitisePhoneDigits(getValues(`${slot}.phoneNumber`) ?? '', code), { shouldValidate: true });
          }}
        />
        <TextField
          label="Phone number"
          aria-label={`${who} phone number`}
          aria-required={required || undefined}
          hint={`Digits only: ${digitCountText(allowedLengths(countryCode))}, without the country code.`}
          placeholder={`${badge} (${digitCountText(allowedLengths(countryCode))})`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={maxPhoneLength(countryCode)}
          {...digitsOnly(register(`${slot}.phoneNumber`), countryCode, () =>
            setError(`${slot}.phoneNumber`, { type: 'digits', message: contactMessages.onlyNumbers }),
          )}
          error={errors?.phoneNumber?.message}
        />
      </div>
    </fieldset>
  );
}
