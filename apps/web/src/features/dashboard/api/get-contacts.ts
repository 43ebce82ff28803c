import { useQuery } from '@tanstack/react-query';
import { contactsQuery } from '../../../lib/queries/contacts.ts';

/** GET /api/contacts, /sos's query: the saved emergency contacts, the primary first. */
export function useEmergencyContacts() {
  return useQuery(contactsQuery());
}
