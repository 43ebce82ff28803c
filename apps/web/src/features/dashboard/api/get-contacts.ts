import type { EmergencyContact } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/contacts: the saved emergency contacts, the primary first. */
export function useEmergencyContacts() {
  return useQuery({
    queryKey: ['dashboard', 'contacts'],
    queryFn: async ({ signal }) => (await apiFetch<{ contacts: EmergencyContact[] }>('/api/contacts', { signal })).contacts,
  });
}
