import type { FaceSummary } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** How many faces the user has saved: POST /face-api/get_all_faces (product §7: an array or `{ faces }`; 404 is none). */
export function useFaceCount(email: string | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'faces', email ?? ''],
    enabled: Boolean(email),
    queryFn: async ({ signal }) => {
      const form = new FormData();
      form.append('email', email as string);
      try {
        const data = await apiFetch<FaceSummary[] | { faces: FaceSummary[] }>('/face-api/get_all_faces', { form, signal });
        return (Array.isArray(data) ? data : (data?.faces ?? [])).length;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 0;
        throw error;
      }
    },
  });
}
