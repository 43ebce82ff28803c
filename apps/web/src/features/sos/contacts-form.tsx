import { Trans, useLingui } from '@lingui/react/macro';
import { contactMessages, contactsFormIssue, type ContactsInput, type ContactSlot } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Form } from '../../components/ui/form.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { discardDraft, keepDraft } from '../../lib/drafts.ts';
import { paths } from '../../lib/paths.ts';
import { isUnauthenticated, useSession } from '../../lib/session.ts';
import { useSaveContacts } from './api/save-contacts.ts';
import { ContactFieldset } from './contact-fieldset.tsx';
import { currentValues, useContactsForm, type ContactsFormValues } from './use-contacts-form.ts';

interface ContactsFormProps {
  initial: ContactsFormValues;
  /** Whether to focus the primary Full Name on opening (after 'Edit Contacts', not on the page's first load). */
  focusOnOpen: boolean;
  onSaved: () => void;
  /** Present when there are saved contacts to go back to. */
  onCancel?: (() => void) | undefined;
  /** A save was refused or failed (said in the form's error summary): the screen drops its last success notice. */
  onRefused: () => void;
}

/** The blank fields a form-level refusal is about, so they are marked and listed in the error summary. */
function blankFields(values: ContactsInput, issue: string): Array<`${ContactSlot}.${'name' | 'phoneNumber'}`> {
  const blanks = (slot: ContactSlot) => {
    const contact = values[slot];
    return [
      ...(contact?.name.trim() ? [] : [`${slot}.name` as const]),
      ...(contact?.phoneNumber.trim() ? [] : [`${slot}.phoneNumber` as const]),
    ];
  };
  if (issue === contactMessages.primaryRequired) return blanks('primary');
  if (issue === contactMessages.completeOrClearSecondary) return blanks('secondary');
  return [];
}

/**
 * Edit mode (product §2, §5): field rules on change and on save from the shared schema, then the one form-level
 * refusal the server would also give ('Primary emergency contact is required', 'Please fix phone number
 * validation errors', 'Please complete or clear secondary contact information'). A refusal goes away as soon as
 * what it was about is fixed (issue #9). When the session has ended, what was typed is kept for after signing in.
 */
export function ContactsForm({ initial, focusOnOpen, onSaved, onCancel, onRefused }: ContactsFormProps) {
  const { t } = useLingui();
  const save = useSaveContacts();
  const uid = useSession().data?.uid;
  const form = useContactsForm(initial);
  const { setError, clearErrors, setFocus, watch } = form;
  /** The form-level refusal on screen, if any. */
  const shownIssue = useRef<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (focusOnOpen) setFocus('primary.name');
  }, [focusOnOpen, setFocus]);

  useEffect(() => {
    const subscription = watch(() => {
      const shown = shownIssue.current;
      if (!shown || contactsFormIssue(currentValues(form)) === shown) return;
      shownIssue.current = null;
      setFailure(null);
      for (const slot of ['primary', 'secondary'] as const) {
        for (const key of ['name', 'phoneNumber'] as const) {
          if (form.getFieldState(`${slot}.${key}`).error?.type === 'form') clearErrors(`${slot}.${key}`);
        }
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, form, clearErrors]);

  const alert = (message: string | null, issue: string | null = null) => {
    shownIssue.current = issue;
    setFailure(message);
    if (message) onRefused();
  };

  const refuse = (issue: string) => {
    alert(issue, issue);
    const fields = blankFields(currentValues(form), issue);
    fields.forEach((field) => setError(field, { type: 'form', message: issue }));
  };

  const onSubmit = async (values: ContactsInput) => {
    const issue = contactsFormIssue(values);
    if (issue) return refuse(issue);
    alert(null);
    try {
      await save.mutateAsync(values);
      discardDraft(paths.sos);
      onSaved();
    } catch (error) {
      if (isUnauthenticated(error)) {
        if (uid) keepDraft(paths.sos, uid, currentValues(form));
        return;
      }
      alert(error instanceof ApiError && error.status === 400 ? error.message : contactMessages.saveFailed);
    }
  };

  const onInvalid = () => {
    // The fields are marked and listed in the error summary; a phone among them gives the form-level refusal.
    const issue = contactsFormIssue(currentValues(form));
    if (issue) refuse(issue);
    else alert(null);
  };

  const busy = form.sending;
  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid} failure={failure} className="sos-form">
      <div className="sos-cards">
        <ContactFieldset slot="primary" form={form} />
        <ContactFieldset slot="secondary" form={form} />
      </div>
      <div className="actions">
        <Button type="submit" busy={busy}>
          {busy ? t`Saving...` : t`Save Contacts`}
        </Button>
        {onCancel ? (
          <Button
            variant="secondary"
            onClick={() => {
              discardDraft(paths.sos);
              onCancel();
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
