import type { FaceSummary } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { facesQuery } from '../../../lib/queries/faces.ts';
import { faceForm } from './face-form.ts';

interface StoreFaceInput {
  file: Blob;
  fileName: string;
  name: string;
  email: string;
  face_id: string;
}

/** product §7: multipart file, name, email, face_id; an OK status is success. */
export function useStoreFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fileName, ...fields }: StoreFaceInput) =>
      apiFetch<FaceSummary>('/face-api/store_face', { form: faceForm({ file, ...fields }, fileName) }),
    // Also after a refusal: a 409 means the list this screen checks names against is out of date.
    onSettled: (_face, _error, input) => queryClient.invalidateQueries({ queryKey: facesQuery(input.email).queryKey }),
  });
}
