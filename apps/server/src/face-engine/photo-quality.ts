// Whether a photo of a face is good enough to enrol, from what analyse measured (face-measures.ts). Thresholds
// measured on the fixtures: D-061, `npx tsx tools/faces/photo-measures.ts`.

/** What analyse measures of each face it describes. */
export interface PhotoMeasures {
  /** The smaller of the face box's width and height, in pixels of the oriented image. */
  faceSize: number;
  /** Mean luma (0-255) over the face box. */
  brightness: number;
  /** Variance of the Laplacian of the grey face crop at a fixed size, over the variance of its grey levels: low when blurred. */
  sharpness: number;
  /** Head turn from the jaw's symmetry about the nose tip: 0 facing the camera, towards ±1 in profile. */
  yaw: number;
}

export type PhotoProblem = 'too-small' | 'too-dark' | 'too-bright' | 'blurred' | 'turned';
export type PhotoAssessment = { quality: 'good' | 'usable' } | { problem: PhotoProblem };

// Figures from `npx tsx tools/faces/photo-measures.ts`: the fixtures (people/, single/, formats/) and copies of the 45
// photos of people/ and single/ degraded, with how far each face's descriptor moved from its original's (the drift;
// MATCH_THRESHOLD is 0.54). A threshold refuses where the drift grows past about 0.15; 'good' keeps a margin inside.

// Fixtures 109-171 px. Framed at 60 px in a 640x480 photo (faces 18-60 px) they drift 0.186 (median), at 80 px
// (20-74 px) 0.138. The descriptor net reads a 150x150 crop: a smaller face is mostly made up.
export const MIN_FACE_SIZE = 64;
export const GOOD_FACE_SIZE = 100;
// Fixtures 77.9-166.5. At 0.3 of their brightness (26.8-49.9) they drift 0.173, at 0.4 (35.7-66.7) 0.148.
export const MIN_BRIGHTNESS = 50;
// Overexposed (x1.6 + 20: 144.6-239.7) they drift 0.319: clipped highlights lose the face more than darkness does.
export const MAX_BRIGHTNESS = 190;
export const GOOD_BRIGHTNESS = { min: 70, max: 175 };
// Fixtures 0.159-1.203. A Gaussian blur of sigma 1 (0.113-0.755) drifts 0.093, about what re-encoding does; sigma 2
// (0.055-0.212) 0.225, sigma 3 (0.030-0.083) 0.403.
export const MIN_SHARPNESS = 0.1;
export const GOOD_SHARPNESS = 0.2;
// Fixtures up to 0.443 (people/stuart/stuart5.png, a turned head that must pass; 0.485 mirrored); the heads turned
// aside in many-faces/bbt2.jpg, cropped six ways: Leonard 0.568-0.641 (mirrored 0.499-0.541), Sheldon 0.451-0.470
// (0.551-0.595). A turned head reads up to 0.07 apart as it is cropped, so the limit keeps clear of stuart5.
export const MAX_YAW = 0.52;
export const GOOD_YAW = 0.35;

/** The first problem found in the order of PhotoProblem, else how good the photo is. */
export function assessPhoto(measures: PhotoMeasures): PhotoAssessment {
  const { faceSize, brightness, sharpness, yaw } = measures;
  if (faceSize < MIN_FACE_SIZE) return { problem: 'too-small' };
  if (brightness < MIN_BRIGHTNESS) return { problem: 'too-dark' };
  if (brightness > MAX_BRIGHTNESS) return { problem: 'too-bright' };
  if (sharpness < MIN_SHARPNESS) return { problem: 'blurred' };
  if (Math.abs(yaw) > MAX_YAW) return { problem: 'turned' };
  const good =
    faceSize >= GOOD_FACE_SIZE &&
    brightness >= GOOD_BRIGHTNESS.min &&
    brightness <= GOOD_BRIGHTNESS.max &&
    sharpness >= GOOD_SHARPNESS &&
    Math.abs(yaw) <= GOOD_YAW;
  return { quality: good ? 'good' : 'usable' };
}
