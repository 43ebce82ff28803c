/** What analyse measures of each face it describes (face-measures.ts). */
export interface PhotoMeasures {
  /** The smaller of the face box's width and height, in pixels of the oriented image. */
  faceSize: number;
  /** Mean luma (0-255) over the face box. */
  brightness: number;
  /** Variance of the Laplacian of the grey face crop at a fixed size: low when blurred. */
  sharpness: number;
  /** Head turn in eye distances: the nose tip's offset from the eyes' midpoint along the line between the eyes. */
  yaw: number;
}

export type PhotoProblem = 'too-small' | 'too-dark' | 'too-bright' | 'blurred' | 'turned';

/** Provisional thresholds, replaced by measured ones (D-061). */
export function assessPhoto(measures: PhotoMeasures): { quality: 'good' | 'usable' } | { problem: PhotoProblem } {
  if (measures.faceSize < 48) return { problem: 'too-small' };
  if (measures.brightness < 40) return { problem: 'too-dark' };
  if (measures.brightness > 225) return { problem: 'too-bright' };
  if (Math.abs(measures.yaw) > 0.6) return { problem: 'turned' };
  return { quality: measures.faceSize >= 96 ? 'good' : 'usable' };
}
