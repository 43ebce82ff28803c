import { faceMessages, photoProblemMessages, type PhotoQuality } from '@seva/shared';
import type { DetectedFace } from '../../face-engine/face-engine.ts';
import { assessPhoto } from '../../face-engine/photo-quality.ts';
import { unprocessable } from '../../domain-errors.ts';

/** The one face a photo to keep must show: refused with the reason when it shows none or several. */
export function onlyFace(faces: readonly DetectedFace[]): DetectedFace {
  const [face] = faces;
  if (!face) throw unprocessable(faceMessages.noFace, 'file');
  if (faces.length > 1) throw unprocessable(faceMessages.manyFaces(faces.length), 'file');
  return face;
}

/** What is wrong with a face's photo for recognition, in words to say (D-061); null when it would be kept. */
export function photoProblem(face: DetectedFace): string | null {
  const assessed = assessPhoto(face.measures);
  return 'problem' in assessed ? photoProblemMessages[assessed.problem] : null;
}

/** A photo to keep (issue #32): one face, measured good enough, or refused with what to do about it. */
export function checkedPhoto(faces: readonly DetectedFace[]): { face: DetectedFace; quality: PhotoQuality } {
  const face = onlyFace(faces);
  const assessed = assessPhoto(face.measures);
  if ('problem' in assessed) throw unprocessable(photoProblemMessages[assessed.problem], 'file');
  return { face, quality: assessed.quality };
}
