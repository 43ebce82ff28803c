import type { SupportContact } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/support: the support address and phone the operator set (either may be absent); anyone may ask. */
const supportContactQuery = () =>
  queryOptions({
    queryKey: ['support-contact'],
    queryFn: ({ signal }) => apiFetch<SupportContact>('/api/support', { signal }),
    staleTime: Infinity,
  });

export function useSupportContact() {
  return useQuery(supportContactQuery());
}
