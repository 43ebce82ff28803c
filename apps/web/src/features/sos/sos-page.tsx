import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans } from '@lingui/react/macro';
import { CONTACT_DEFAULT_COUNTRY_CODE, contactMessages, contactsToFormValues, countryOfInternationalNumber } from '@seva/shared';
import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { readDraft } from '../../lib/drafts.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useActionResult } from '../../lib/use-action-result.ts';
import { useContacts } from './api/get-contacts.ts';
import { ContactsForm } from './contacts-form.tsx';
import { ContactsView, type ContactsViewProps } from './contacts-view.tsx';
import type { ContactsFormValues } from './use-contacts-form.ts';

/** Not in SPEC: says why the form is empty when the saved contacts could not be read (product §4: edit mode then). */
const CONTACTS_LOAD_FAILED = /*i18n*/ 'Your saved contacts could not be loaded. You can enter them again below.';
/** Not in SPEC: contacts typed before the session ended, back after signing in again (issue #9). */
export const DRAFT_RESTORED = /*i18n*/ 'Your unsaved changes are back. Check them, then press Save Contacts.';
/** Not in SPEC: what the glasses do with these contacts (issue #9). */
const HOW_GLASSES_USE_CONTACTS =
  /*i18n*/ 'Your paired SEVA glasses keep a copy of these contacts, updated each time they connect. When you ask the glasses for help, they contact your primary contact first, then your secondary contact.';

/**
 * What /sos says under its heading to everyone: the page prerendered for a signed-in browser shows it too, drawn by
 * this component in the same place (app/layout/feature-layout.tsx), so the screen's largest text paints at once.
 */
export function Introduction() {
  const localise = useLocalise();
  return (
    <>
      <p className="lead">
        <Trans>Add contact information for people we should reach in case of an emergency. Primary contact is required.</Trans>
      </p>
      <p>{localise(HOW_GLASSES_USE_CONTACTS)}</p>
    </>
  );
}

/**
 * /sos, Emergency Contacts (product §2, §4, §5): read mode when contacts are saved, else edit mode (also when
 * loading fails); saving returns to read mode with 'Emergency contacts saved successfully' above the saved contacts,
 * where the form was: it takes focus, as the form has gone, and stays until 'Edit Contacts' (D-077).
 * A blank contact starts in the country of the user's own phone (SPEC's India when it is not known), and contacts
 * typed before the session ended open again in edit mode (issue #9).
 */
export function SosPage() {
  const contacts = useContacts();
  const saved = useActionResult<'contacts'>().at('contacts');
  const user = useSession().data;
  // A helper is told the calling code of the wearer's phone, not the phone (D-075).
  const ownCountry = (user && ('phone' in user ? countryOfInternationalNumber(user.phone)?.code : user.countryCode)) || CONTACT_DEFAULT_COUNTRY_CODE;
  const [draft, setDraft] = useState(() => readDraft<ContactsFormValues>(paths.sos, user?.uid));
  /** null until the user chooses: then the mode follows what was loaded (or the kept draft). */
  const [editing, setEditing] = useState<boolean | null>(draft ? true : null);
  const [focus, setFocus] = useState<ContactsViewProps['focus']>(null);

  const list = contacts.data ?? [];
  const isEditing = editing ?? (contacts.isError || list.length === 0);
  const loadFailed = contacts.isError && editing === null;
  const error = loadFailed ? CONTACTS_LOAD_FAILED : null;
  const message = contacts.isPending ? contactMessages.loading : (error ?? (draft ? DRAFT_RESTORED : null));

  return (
    <>
      <PageHeading>{screenHeadings[paths.sos]}</PageHeading>
      <Introduction />
      <StatusRegion tone={error && !contacts.isPending ? 'error' : 'info'} message={message} />
      {contacts.isPending ? null : isEditing ? (
        <ContactsForm
          initial={draft ?? contactsToFormValues(list, ownCountry)}
          focusOnOpen={editing === true}
          onRefused={saved.clear}
          onCancel={
            list.length > 0
              ? () => {
                  setDraft(undefined);
                  setFocus('edit');
                  setEditing(false);
                }
              : undefined
          }
          onSaved={() => {
            setDraft(undefined);
            saved.show(contactMessages.saved);
            setFocus(null);
            setEditing(false);
          }}
        />
      ) : (
        <ContactsView
          result={<ResultBanner result={saved.shown} level={2} />}
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
