import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { cameraGuidance } from './camera-guidance.ts';

/** A 320x240 camera frame with faces at [x, y, width, height]. */
const frame = (faces: Array<[number, number, number, number]>) => ({
  width: 320,
  height: 240,
  faces: faces.map(([x, y, width, height]) => ({ box: { x, y, width, height }, score: 0.9 })),
});

describe('cameraGuidance', () => {
  it('says when no face is in view, and that the photo is not ready', () => {
    expect(cameraGuidance(frame([]), i18n)).toEqual({ message: 'No face in view. Hold the camera at eye level, facing you.', faces: 0, ready: false });
  });

  it('counts several faces and asks for one', () => {
    expect(cameraGuidance(frame([[10, 10, 50, 50], [200, 10, 50, 50]]), i18n)).toEqual({
      message: '2 faces in view. Only one person should be in the picture.',
      faces: 2,
      ready: false,
    });
  });

  it('says which way to move the camera, never just "move a little"', () => {
    // High in the frame: the face is above where the camera points.
    expect(cameraGuidance(frame([[120, 0, 80, 60]]), i18n).message).toBe('One face in view. Move the camera up.');
    expect(cameraGuidance(frame([[120, 180, 80, 60]]), i18n).message).toBe('One face in view. Move the camera down.');
    // The frame is the camera's view of the user, unmirrored: its left side is the user's right.
    expect(cameraGuidance(frame([[0, 80, 80, 80]]), i18n).message).toBe('One face in view. Move the camera to your right.');
    expect(cameraGuidance(frame([[240, 80, 80, 80]]), i18n).message).toBe('One face in view. Move the camera to your left.');
    expect(cameraGuidance(frame([[0, 0, 80, 60]]), i18n).message).toBe('One face in view. Move the camera up and to your right.');
  });

  it('moving the camera as told brings the face to the centre', () => {
    // Moving the camera right (the user's right, the frame's left) or up shifts the scene the other way in the frame.
    const offCentre = frame([[0, 0, 80, 80]]);
    expect(cameraGuidance(offCentre, i18n).message).toContain('up and to your right');
    const face = offCentre.faces[0]!.box;
    const moved = frame([[face.x + 120, face.y + 80, face.width, face.height]]);
    expect(cameraGuidance(moved, i18n)).toMatchObject({ faces: 1, ready: true });
  });

  it('asks for the camera to come closer to a small centred face', () => {
    expect(cameraGuidance(frame([[145, 105, 30, 30]]), i18n)).toEqual({
      message: 'One face in view, centred. Bring the camera closer to the face.',
      faces: 1,
      ready: false,
    });
  });

  it('is ready when one face is centred and large enough', () => {
    expect(cameraGuidance(frame([[110, 70, 100, 100]]), i18n)).toEqual({ message: 'One face in view, centred and close enough. Ready to capture.', faces: 1, ready: true });
  });
});
