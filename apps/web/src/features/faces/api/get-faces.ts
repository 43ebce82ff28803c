import type { FaceSummary } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { faceForm, facesQueryKey } from './face-form.ts';

/** product §7: an array, or an object with faces; a 404 means no faces. */
async function getFaces(email: string): Promise<FaceSummary[]> {
  try {
    const data = await apiFetch<FaceSummary[] | { faces: FaceSummary[] }>('/face-api/get_all_faces', { form: faceForm({ email }) });
    return Array.isArray(data) ? data : (data?.faces ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useFaces(email: string | undefined) {
  return useQuery({
    queryKey: facesQueryKey(email ?? ''),
    queryFn: () => getFaces(email as string),
    enabled: Boolean(email),
  });
}
