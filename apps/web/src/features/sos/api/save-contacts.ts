import type { ContactsSavedAnswer, SaveContactsInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { contactsQuery } from '../../../lib/queries/contacts.ts';

/** PUT /api/contacts `{ primary, secondary }`: both are saved or neither; a blank secondary is dropped. */
export function useSaveContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveContactsInput) => apiFetch<ContactsSavedAnswer>('/api/contacts', { method: 'PUT', json: input }),
    onSuccess: ({ contacts }) => queryClient.setQueryData(contactsQuery().queryKey, contacts),
  });
}
