import { contactMessages, contactsToFormValues } from '@seva/shared';
import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useContacts } from './api/get-contacts.ts';
import { ContactsForm } from './contacts-form.tsx';
import { ContactsView, type ContactsViewProps } from './contacts-view.tsx';

/** Not in SPEC: says why the form is empty when the saved contacts could not be read (SPEC §4: edit mode then). */
export const CONTACTS_LOAD_FAILED = 'Your saved contacts could not be loaded. You can enter them again below.';

/**
 * /sos, Emergency Contacts (SPEC §2, §4, §5): read mode when contacts are saved, else edit mode (also when
 * loading fails); saving returns to read mode with 'Emergency contacts saved successfully' for 3 seconds.
 */
export function SosPage() {
  const contacts = useContacts();
  const saved = useTimedMessage();
  const [alert, setAlert] = useState<string | null>(null);
  /** null until the user chooses: then the mode follows what was loaded. */
  const [editing, setEditing] = useState<boolean | null>(null);
  const [focus, setFocus] = useState<ContactsViewProps['focus']>(null);

  const list = contacts.data ?? [];
  const isEditing = editing ?? (contacts.isError || list.length === 0);
  const loadFailed = contacts.isError && editing === null;
  const error = alert ?? (loadFailed ? CONTACTS_LOAD_FAILED : null);
  const message = contacts.isPending ? contactMessages.loading : (error ?? saved.message);

  return (
    <>
      <PageHeading>Emergency Contacts</PageHeading>
      <p className="lead">Add contact information for people we should reach in case of an emergency. Primary contact is required.</p>
      <StatusRegion tone={contacts.isPending ? 'info' : error ? 'error' : 'success'} message={message} />
      {contacts.isPending ? null : isEditing ? (
        <ContactsForm
          initial={contactsToFormValues(list)}
          focusOnOpen={editing === true}
          onAlert={(text) => {
            setAlert(text);
            if (text) saved.clear();
          }}
          onCancel={
            list.length > 0
              ? () => {
                  setAlert(null);
                  setFocus('edit');
                  setEditing(false);
                }
              : undefined
          }
          onSaved={() => {
            setAlert(null);
            saved.show(contactMessages.saved);
            setFocus('cards');
            setEditing(false);
          }}
        />
      ) : (
        <ContactsView
          contacts={list}
          focus={focus}
          onEdit={() => {
            saved.clear();
            setFocus(null);
            setEditing(true);
          }}
        />
      )}
    </>
  );
}
