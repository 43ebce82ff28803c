import type { RecognizeAnswer } from '@seva/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { faceForm } from './face-form.ts';

/** Who among the user's faces this image looks like, if anyone. */
export function recognizeFace(email: string, file: Blob): Promise<RecognizeAnswer> {
  return apiFetch<RecognizeAnswer>('/face-api/recognize', { form: faceForm({ email, file }, 'probe.jpg') });
}
