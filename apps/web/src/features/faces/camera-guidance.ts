import type { DetectedFrame } from './api/detect-faces.ts';

/** How far off centre (as a share of the frame) still counts as centred, and how big a face is big enough. */
const CENTRE_TOLERANCE = 0.15;
const MIN_FACE_SHARE = 0.22;

/**
 * What to tell a user who cannot see the preview, from where the detector found faces.
 * Directions are the user's own: the camera faces them, so a face on the image's left has to move to the user's left.
 */
export function cameraGuidance(frame: DetectedFrame): { message: string; ready: boolean } {
  const count = frame.faces.length;
  if (count === 0) return { message: 'No face in view. Hold the camera at eye level and face it.', ready: false };
  if (count > 1) return { message: `${count} faces in view. Only one person should be in the picture.`, ready: false };
  const { box } = frame.faces[0] as DetectedFrame['faces'][number];
  const dx = (box.x + box.width / 2) / frame.width - 0.5;
  const dy = (box.y + box.height / 2) / frame.height - 0.5;
  const moves: string[] = [];
  if (dx < -CENTRE_TOLERANCE) moves.push('to your left');
  if (dx > CENTRE_TOLERANCE) moves.push('to your right');
  if (dy < -CENTRE_TOLERANCE) moves.push('down');
  if (dy > CENTRE_TOLERANCE) moves.push('up');
  if (moves.length > 0) return { message: `One face in view. Move a little ${moves.join(' and ')}.`, ready: false };
  if (box.width / frame.width < MIN_FACE_SHARE) return { message: 'One face in view, centred. Come closer to the camera.', ready: false };
  return { message: 'One face in view, centred and close enough. Ready to capture.', ready: true };
}
