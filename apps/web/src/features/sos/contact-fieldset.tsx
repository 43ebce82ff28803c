import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useLingui } from '@lingui/react/macro';
import { allowedLengths, CONTACT_DEFAULT_COUNTRY_CODE, CONTACT_NAME_MAX, digitCountText, type ContactSlot } from '@seva/shared';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { SLOT_INFO } from './contact-slots.ts';
import type { ContactsFormApi } from './use-contacts-form.ts';

/**
 * One card of the edit mode: Full Name, country code ('name (code)', sorted by name) and the phone, which takes a
 * number as people write or paste it (product §2, §5; issue #9). The legend names the card, and each control's name
 * starts with it, so the two cards' fields are told apart when listed out of context.
 */
export function ContactFieldset({ slot, form }: { slot: ContactSlot; form: ContactsFormApi }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const { register, watch, formState } = form;
  const [title, badge, who] = [SLOT_INFO[slot].title, SLOT_INFO[slot].badge, SLOT_INFO[slot].who].map(localise) as [string, string, string];
  const required = slot === 'primary';
  const countryCode = watch(`${slot}.countryCode`) ?? CONTACT_DEFAULT_COUNTRY_CODE;
  const errors = formState.errors[slot];
  const noteId = `sos-${slot}-note`;

  return (
    <fieldset className="card sos-card" aria-describedby={noteId}>
      <legend className="sos-legend">
        {title} <span className={`sos-badge sos-badge-${slot}`}>{badge}</span>
      </legend>
      <div className="sos-fields">
        <p id={noteId} className="field-hint">
          {required ? t`Enter a name and a phone number.` : t`Enter both a name and a phone number, or leave both blank.`}
        </p>
        <TextField
          label={t`Full Name`}
          aria-label={t`${who} full name`}
          aria-required={required || undefined}
          autoComplete="off"
          maxLength={CONTACT_NAME_MAX}
          {...register(`${slot}.name`)}
          error={errors?.name?.message}
        />
        <PhoneField
          country={register(`${slot}.countryCode`, { deps: [`${slot}.phoneNumber`] })}
          number={register(`${slot}.phoneNumber`)}
          countryCode={countryCode}
          phoneText={watch(`${slot}.phoneNumber`) ?? ''}
          countryName={t`${who} country code`}
          numberName={t`${who} phone number`}
          placeholder={`${badge} (${localise(digitCountText(allowedLengths(countryCode)))})`}
          countryError={errors?.countryCode?.message}
          numberError={errors?.phoneNumber?.message}
          autoComplete="off"
          required={required}
        />
      </div>
    </fieldset>
  );
}
