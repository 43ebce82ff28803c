import type { ContactsAnswer } from '@seva/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** GET /api/contacts: the saved emergency contacts, the primary first (product §3). /sos and the dashboard read it. */
export const contactsQuery = () =>
  queryOptions({
    queryKey: ['contacts'],
    queryFn: async ({ signal }) => (await apiFetch<ContactsAnswer>('/api/contacts', { signal })).contacts,
  });
