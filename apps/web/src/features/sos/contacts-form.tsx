import { contactMessages, contactsFormIssue, type ContactsInput, type ContactSlot } from '@seva/shared';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Form } from '../../components/ui/form.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSaveContacts } from './api/save-contacts.ts';
import { ContactFieldset } from './contact-fieldset.tsx';
import { currentValues, useContactsForm, type ContactsFormValues } from './use-contacts-form.ts';

export interface ContactsFormProps {
  initial: ContactsFormValues;
  /** Whether to focus the primary Full Name on opening (after 'Edit Contacts', not on the page's first load). */
  focusOnOpen: boolean;
  onSaved: () => void;
  /** Present when there are saved contacts to go back to. */
  onCancel?: (() => void) | undefined;
  /** A refusal or failure for the screen's live region, or null to clear it. */
  onAlert: (message: string | null) => void;
}

/** The blank fields a form-level refusal is about, so they are marked and the first one focused. */
function blankFields(values: ContactsInput, issue: string): Array<`${ContactSlot}.${'name' | 'phoneNumber'}`> {
  const blanks = (slot: ContactSlot) => {
    const contact = values[slot];
    return [
      ...(contact?.name.trim() ? [] : [`${slot}.name` as const]),
      ...(contact?.phoneNumber ? [] : [`${slot}.phoneNumber` as const]),
    ];
  };
  if (issue === contactMessages.primaryRequired) return blanks('primary');
  if (issue === contactMessages.completeOrClearSecondary) return blanks('secondary');
  return [];
}

/**
 * Edit mode (SPEC §2, §5): field rules on change and on save from the shared schema, then the one form-level
 * refusal the server would also give ('Primary emergency contact is required', 'Please fix phone number
 * validation errors', 'Please complete or clear secondary contact information').
 */
export function ContactsForm({ initial, focusOnOpen, onSaved, onCancel, onAlert }: ContactsFormProps) {
  const save = useSaveContacts();
  const form = useContactsForm(initial);
  const { setError, setFocus, formState } = form;

  useEffect(() => {
    if (focusOnOpen) setFocus('primary.name');
  }, [focusOnOpen, setFocus]);

  const refuse = (issue: string) => {
    onAlert(issue);
    const fields = blankFields(currentValues(form), issue);
    fields.forEach((field) => setError(field, { type: 'form', message: issue }));
    if (fields[0]) setFocus(fields[0]);
  };

  const onSubmit = async (values: ContactsInput) => {
    const issue = contactsFormIssue(values);
    if (issue) return refuse(issue);
    onAlert(null);
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch (error) {
      onAlert(error instanceof ApiError && error.status === 400 ? error.message : contactMessages.saveFailed);
    }
  };

  const onInvalid = () => {
    // The fields are marked and the first wrong one focused; a phone among them gives the form-level refusal.
    const issue = contactsFormIssue(currentValues(form));
    if (issue) refuse(issue);
    else onAlert(null);
  };

  const busy = formState.isSubmitting;
  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid} className="sos-form">
      <div className="sos-cards">
        <ContactFieldset slot="primary" form={form} />
        <ContactFieldset slot="secondary" form={form} />
      </div>
      <div className="actions">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save Contacts'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
