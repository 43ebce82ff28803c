import { apiFetch } from '../../../lib/api-client.ts';
import { faceForm } from './face-form.ts';

export interface DetectedFrame {
  width: number;
  height: number;
  faces: Array<{ box: { x: number; y: number; width: number; height: number }; score: number }>;
}

/** Where the faces are in one camera frame, for spoken guidance. */
export function detectFaces(email: string, frame: Blob, signal?: AbortSignal): Promise<DetectedFrame> {
  return apiFetch<DetectedFrame>('/face-api/detect_faces', { form: faceForm({ email, file: frame }, 'frame.jpg'), ...(signal ? { signal } : {}) });
}
