import { useQuery } from '@tanstack/react-query';
import { contactsQuery } from '../../../lib/queries/contacts.ts';

/** GET /api/contacts: the saved emergency contacts, the primary first (product §3). */
export function useContacts() {
  return useQuery(contactsQuery());
}
