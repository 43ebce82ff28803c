import { describe, expect, it } from 'vitest';
import { faceObjectPosition } from './face-crop.ts';

describe('faceObjectPosition', () => {
  it('moves a tall picture\'s square up to the face at its top', () => {
    // 400x900: the square shows 400 of 900 rows; the face (rows 58-229) centres it at row 143, as far up as it goes.
    expect(faceObjectPosition({ x: 115, y: 58, width: 174, height: 171, image_width: 400, image_height: 900 })).toBe('50% 0%');
    // A face lower down: the square's top at 500 - 200 = 300 of the 500 rows it can move.
    expect(faceObjectPosition({ x: 100, y: 400, width: 200, height: 200, image_width: 400, image_height: 900 })).toBe('50% 60%');
  });

  it('moves a wide picture\'s square sideways to the face', () => {
    expect(faceObjectPosition({ x: 900, y: 100, width: 100, height: 100, image_width: 1000, image_height: 400 })).toBe('100% 50%');
  });

  it('leaves a face with no box centred', () => {
    expect(faceObjectPosition(undefined)).toBeUndefined();
  });
});
