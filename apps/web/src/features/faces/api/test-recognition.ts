import type { RecognizeAnswer } from '@seva/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { faceForm } from './face-form.ts';

/** /faces/test's question (issue #32): who the glasses would say this photo shows; a photo with no face is refused (422). */
export function testRecognition(_email: string, file: Blob): Promise<RecognizeAnswer> {
  return apiFetch<RecognizeAnswer>('/face-api/test_recognition', { form: faceForm({ file }, 'test.jpg') });
}
