import { describe, expect, it } from 'vitest';
import { cameraGuidance } from './camera-guidance.ts';

const frame = (faces: Array<[number, number, number, number]>) => ({
  width: 320,
  height: 240,
  faces: faces.map(([x, y, width, height]) => ({ box: { x, y, width, height }, score: 0.9 })),
});

describe('cameraGuidance', () => {
  it('says when no face is in view', () => {
    expect(cameraGuidance(frame([]))).toEqual({ message: expect.stringContaining('No face in view'), ready: false });
  });

  it('counts several faces and asks for one', () => {
    expect(cameraGuidance(frame([[10, 10, 50, 50], [200, 10, 50, 50]])).message).toBe('2 faces in view. Only one person should be in the picture.');
  });

  it('tells which way to move a face that is off centre', () => {
    expect(cameraGuidance(frame([[0, 80, 80, 80]])).message).toBe('One face in view. Move a little to your left.');
    expect(cameraGuidance(frame([[240, 80, 80, 80]])).message).toBe('One face in view. Move a little to your right.');
    expect(cameraGuidance(frame([[120, 0, 80, 60]])).message).toBe('One face in view. Move a little down.');
  });

  it('asks a small centred face to come closer', () => {
    expect(cameraGuidance(frame([[145, 105, 30, 30]]))).toEqual({ message: 'One face in view, centred. Come closer to the camera.', ready: false });
  });

  it('is ready when one face is centred and large enough', () => {
    expect(cameraGuidance(frame([[110, 70, 100, 100]]))).toEqual({ message: 'One face in view, centred and close enough. Ready to capture.', ready: true });
  });
});
