import type { EmergencyContact } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const contactsQueryKey = ['contacts'] as const;

/** GET /api/contacts: the saved emergency contacts, the primary first (product §3). */
export function useContacts() {
  return useQuery({
    queryKey: contactsQueryKey,
    queryFn: async () => (await apiFetch<{ contacts: EmergencyContact[] }>('/api/contacts')).contacts,
  });
}
