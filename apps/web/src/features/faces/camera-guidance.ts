import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DetectedFrame } from './api/detect-faces.ts';

/** How far off centre (as a share of the frame) still counts as centred, and how big a face is big enough. */
const CENTRE_TOLERANCE = 0.15;
const MIN_FACE_SHARE = 0.22;

/**
 * Where to move the camera, by the vertical and the horizontal move: whole sentences, so that each language can put
 * the directions in its own order.
 */
const MOVES: Record<'up' | 'down' | '', Record<'right' | 'left' | '', MessageDescriptor | null>> = {
  '': { '': null, right: msg`One face in view. Move the camera to your right.`, left: msg`One face in view. Move the camera to your left.` },
  up: {
    '': msg`One face in view. Move the camera up.`,
    right: msg`One face in view. Move the camera up and to your right.`,
    left: msg`One face in view. Move the camera up and to your left.`,
  },
  down: {
    '': msg`One face in view. Move the camera down.`,
    right: msg`One face in view. Move the camera down and to your right.`,
    left: msg`One face in view. Move the camera down and to your left.`,
  },
};

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
 * high in the frame is above where the camera points, so the camera goes up. Said in `i18n`'s language.
 */
export function cameraGuidance(frame: DetectedFrame, i18n: I18n): Guidance {
  const faces = frame.faces.length;
  if (faces === 0) return { message: i18n._(msg`No face in view. Hold the camera at eye level, facing you.`), faces, ready: false };
  if (faces > 1) return { message: i18n._(msg`${faces} faces in view. Only one person should be in the picture.`), faces, ready: false };
  const { box } = frame.faces[0] as DetectedFrame['faces'][number];
  const dx = (box.x + box.width / 2) / frame.width - 0.5;
  const dy = (box.y + box.height / 2) / frame.height - 0.5;
  const vertical = dy < -CENTRE_TOLERANCE ? 'up' : dy > CENTRE_TOLERANCE ? 'down' : '';
  const horizontal = dx < -CENTRE_TOLERANCE ? 'right' : dx > CENTRE_TOLERANCE ? 'left' : '';
  const move = MOVES[vertical][horizontal];
  if (move) return { message: i18n._(move), faces, ready: false };
  if (box.width / frame.width < MIN_FACE_SHARE) return { message: i18n._(msg`One face in view, centred. Bring the camera closer to the face.`), faces, ready: false };
  return { message: i18n._(msg`One face in view, centred and close enough. Ready to capture.`), faces, ready: true };
}
