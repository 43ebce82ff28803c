import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans } from '@lingui/react/macro';
import { CONTACT_SLOTS, contactMessages, formatPhoneNumber, phoneHref, storedPhoneNumber, type ContactSlot, type EmergencyContact } from '@seva/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SLOT_INFO } from './contact-slots.ts';

export interface ContactsViewProps {
  contacts: readonly EmergencyContact[];
  onEdit: () => void;
  /** Where focus goes when the view appears after a cancelled edit: 'Edit Contacts'. (After a save, the result takes it.) */
  focus: 'edit' | null;
  /** What the last save did, shown above the cards, where the form was. */
  result: ReactNode;
}

/**
 * Read mode: each card shows Name and Phone, or 'Not provided', then 'Edit Contacts' (product §2). A phone reads back
 * grouped the way its country writes it ('+44 7700 900123'), as a link that calls it (issue #9).
 */
export function ContactsView({ contacts, onEdit, focus, result }: ContactsViewProps) {
  const editButton = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus === 'edit') editButton.current?.querySelector('button')?.focus();
  }, [focus]);

  return (
    <>
      {result}
      <div className="sos-cards">
        {CONTACT_SLOTS.map((slot, index) => (
          <ContactCard key={slot} slot={slot} contact={contacts[index]} />
        ))}
      </div>
      <div ref={editButton} className="actions">
        <Button onClick={onEdit}>
          <Trans>Edit Contacts</Trans>
        </Button>
      </div>
    </>
  );
}

function ContactCard({ slot, contact }: { slot: ContactSlot; contact: EmergencyContact | undefined }) {
  const localise = useLocalise();
  const { title, badge } = SLOT_INFO[slot];
  const headingId = `sos-${slot}-heading`;
  return (
    <section className="card sos-card" aria-labelledby={headingId}>
      <div className="sos-card-header">
        <h2 id={headingId}>{localise(title)}</h2>
        <span className={`sos-badge sos-badge-${slot}`}>{localise(badge)}</span>
      </div>
      {contact ? (
        <dl className="sos-details">
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{contact.name}</dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>
            <a href={phoneHref(storedPhoneNumber(contact.country_code, contact.phone_number))}>
              {formatPhoneNumber(storedPhoneNumber(contact.country_code, contact.phone_number))}
            </a>
          </dd>
        </dl>
      ) : (
        <p className="sos-not-provided">{localise(contactMessages.notProvided)}</p>
      )}
    </section>
  );
}
