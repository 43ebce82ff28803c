import { CONTACT_DEFAULT_COUNTRY_CODE, contactFieldsSchema, type ContactInput } from '@seva/shared';
import { useZodForm } from '../../components/ui/form.tsx';

/** The edit mode's values: both cards, blanks where there is no contact. */
export interface ContactsFormValues {
  primary: ContactInput;
  secondary: ContactInput;
}

/** The edit form: the shared field rules, checked on every change (product §5: 'On change or save'). */
export function useContactsForm(initial: ContactsFormValues) {
  return useZodForm(contactFieldsSchema, { defaultValues: initial, mode: 'onChange' });
}

export type ContactsFormApi = ReturnType<typeof useContactsForm>;

type TypedContact = Partial<ContactInput> | null | undefined;

/** What the form holds now, blanks filled in (the schema's input type leaves every field optional). */
export function currentValues(form: ContactsFormApi): ContactsFormValues {
  const fill = (c: TypedContact): ContactInput => ({
    name: c?.name ?? '',
    countryCode: c?.countryCode ?? CONTACT_DEFAULT_COUNTRY_CODE,
    phoneNumber: c?.phoneNumber ?? '',
  });
  const values = form.getValues();
  return { primary: fill(values.primary), secondary: fill(values.secondary) };
}
