import type { FaceSummary } from '@seva/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../api-client.ts';

/** product §7: POST /face-api/get_all_faces answers an array, or an object with faces; a 404 means no faces. */
async function getFaces(email: string, signal: AbortSignal): Promise<FaceSummary[]> {
  const form = new FormData();
  form.append('email', email);
  try {
    const data = await apiFetch<FaceSummary[] | { faces: FaceSummary[] }>('/face-api/get_all_faces', { form, signal });
    return Array.isArray(data) ? data : (data?.faces ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The faces saved for `email`, asked only once it is known. /faces and the dashboard read it. */
export const facesQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: ['faces', email ?? ''],
    queryFn: ({ signal }) => getFaces(email as string, signal),
    enabled: Boolean(email),
  });
