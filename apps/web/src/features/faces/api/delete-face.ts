import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { facesQuery } from '../../../lib/queries/faces.ts';
import { faceForm } from './face-form.ts';

export function useDeleteFace(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faceId: string) => apiFetch<{ message: string }>('/face-api/delete_face', { method: 'DELETE', form: faceForm({ email, face_id: faceId }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facesQuery(email).queryKey }),
  });
}
