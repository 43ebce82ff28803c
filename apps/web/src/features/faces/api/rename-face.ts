import type { FaceSummary } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { facesQuery } from '../../../lib/queries/faces.ts';
import { faceForm } from './face-form.ts';

export function useRenameFace(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { face_id: string; name: string; updated_name: string }) =>
      apiFetch<FaceSummary>('/face-api/update_face_name', { method: 'PUT', form: faceForm({ email, ...input }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facesQuery(email).queryKey }),
  });
}
