import type { SupportContact } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/support: the support address and phone the operator set (either may be absent); anyone may ask. */
export function useSupportContact() {
  return useQuery({
    queryKey: ['support-contact'],
    queryFn: ({ signal }) => apiFetch<SupportContact>('/api/support', { signal }),
    staleTime: Infinity,
  });
}
