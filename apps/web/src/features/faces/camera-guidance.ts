import type { DetectedFrame } from './api/detect-faces.ts';

/** How far off centre (as a share of the frame) still counts as centred, and how big a face is big enough. */
const CENTRE_TOLERANCE = 0.15;
const MIN_FACE_SHARE = 0.22;

interface Guidance {
  message: string;
  /** How many faces the frame shows: a photo to register needs exactly one. */
  faces: number;
  /** One face, centred and close enough. */
  ready: boolean;
}

/**
 * What to tell a user who cannot see the preview, from where the detector found faces. Each direction says what to
 * move: the camera, which the user holds or tilts (a phone, a laptop's screen). The frame is the camera's own view,
 * not a mirror: a face on the frame's left is off to the user's right, so the camera goes to the user's right; a face
 * high in the frame is above where the camera points, so the camera goes up.
 */
export function cameraGuidance(frame: DetectedFrame): Guidance {
  const faces = frame.faces.length;
  if (faces === 0) return { message: 'No face in view. Hold the camera at eye level, facing you.', faces, ready: false };
  if (faces > 1) return { message: `${faces} faces in view. Only one person should be in the picture.`, faces, ready: false };
  const { box } = frame.faces[0] as DetectedFrame['faces'][number];
  const dx = (box.x + box.width / 2) / frame.width - 0.5;
  const dy = (box.y + box.height / 2) / frame.height - 0.5;
  const moves: string[] = [];
  if (dy < -CENTRE_TOLERANCE) moves.push('up');
  if (dy > CENTRE_TOLERANCE) moves.push('down');
  if (dx < -CENTRE_TOLERANCE) moves.push('to your right');
  if (dx > CENTRE_TOLERANCE) moves.push('to your left');
  if (moves.length > 0) return { message: `One face in view. Move the camera ${moves.join(' and ')}.`, faces, ready: false };
  if (box.width / frame.width < MIN_FACE_SHARE) return { message: 'One face in view, centred. Bring the camera closer to the face.', faces, ready: false };
  return { message: 'One face in view, centred and close enough. Ready to capture.', faces, ready: true };
}
