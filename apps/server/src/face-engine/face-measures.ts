// How good a photo of a face is, measured from its pixels and landmarks (photo-quality.ts judges the figures).
import sharp from 'sharp';
import type { PhotoMeasures } from './photo-quality.ts';

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };
/** RGB pixels, 3 bytes each, as the worker decodes them for detection. */
export interface RgbPixels {
  data: Buffer;
  info: { width: number; height: number };
}

// The grey face crop is resized to this before its Laplacian is taken, so a face photographed large and the
// same face photographed small give the same sharpness; it is below the smallest face accepted, so crops shrink.
const SHARPNESS_SIDE = 64;

/** `box` in pixels of the oriented image (`size`); `pixels` may be that image downscaled; `landmarks` face-api's 68 points. */
export async function measureFace(pixels: RgbPixels, size: { width: number; height: number }, box: Box, landmarks: readonly Point[]): Promise<PhotoMeasures> {
  const grey = greyRegion(pixels, scaled(box, pixels.info.width / size.width, pixels.info));
  return {
    faceSize: Math.min(box.width, box.height),
    brightness: round(mean(grey.data), 1),
    sharpness: round(await laplacianVariance(grey), 1),
    yaw: round(noseYaw(landmarks), 3),
    jaw: round(jawYaw(landmarks), 3),
    s32: round(await laplacianVariance(grey, 32), 1),
    s96: round(await laplacianVariance(grey, 96), 1),
    norm: round(await laplacianVariance(grey, 64, true), 3),
  } as PhotoMeasures;
}

function scaled(box: Box, scale: number, limits: { width: number; height: number }): Box {
  const x = Math.min(limits.width - 1, Math.max(0, Math.floor(box.x * scale)));
  const y = Math.min(limits.height - 1, Math.max(0, Math.floor(box.y * scale)));
  const width = Math.max(1, Math.min(limits.width - x, Math.round(box.width * scale)));
  const height = Math.max(1, Math.min(limits.height - y, Math.round(box.height * scale)));
  return { x, y, width, height };
}

/** Rec. 601 luma (0-255) of the box's pixels. */
function greyRegion({ data, info }: RgbPixels, box: Box): { data: Uint8Array; width: number; height: number } {
  const grey = new Uint8Array(box.width * box.height);
  for (let row = 0; row < box.height; row += 1) {
    for (let column = 0; column < box.width; column += 1) {
      const at = ((box.y + row) * info.width + box.x + column) * 3;
      grey[row * box.width + column] = Math.round(0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!);
    }
  }
  return { data: grey, width: box.width, height: box.height };
}

/** Variance of the 4-neighbour Laplacian over the grey crop resized to SHARPNESS_SIDE square. */
async function laplacianVariance(grey: { data: Uint8Array; width: number; height: number }, side = SHARPNESS_SIDE, normalise = false): Promise<number> {
  const small = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .resize(side, side, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const values: number[] = [];
  for (let y = 1; y < side - 1; y += 1) {
    for (let x = 1; x < side - 1; x += 1) {
      const at = y * side + x;
      values.push(small[at - 1]! + small[at + 1]! + small[at - side]! + small[at + side]! - 4 * small[at]!);
    }
  }
  const average = mean(values);
  const lv = mean(values.map((value) => (value - average) ** 2));
  if (!normalise) return lv;
  const m = mean(small); let v = 0; for (const x of small) v += (x - m) ** 2; v /= small.length;
  return lv / v;
}

const centre = (points: readonly Point[]): Point => ({ x: mean(points.map((p) => p.x)), y: mean(points.map((p) => p.y)) });

/**
 * Head turn: how far the nose tip (point 30) sits from the midpoint of the eyes (36-41, 42-47) along the line
 * between them, in eye distances. 0 facing the camera; positive when the nose points to the image's right.
 */
export function noseYaw(landmarks: readonly Point[]): number {
  const [left, right, nose] = [centre(landmarks.slice(36, 42)), centre(landmarks.slice(42, 48)), landmarks[30]];
  if (!nose) return 0;
  const axis = { x: right.x - left.x, y: right.y - left.y };
  const eyes = Math.hypot(axis.x, axis.y);
  if (eyes === 0) return 0;
  const offset = { x: nose.x - (left.x + right.x) / 2, y: nose.y - (left.y + right.y) / 2 };
  return (offset.x * axis.x + offset.y * axis.y) / (eyes * eyes);
}

/** Jaw symmetry: (right - left) / (right + left) of the nose tip's distances to the jaw's ends (points 0 and 16). */
export function jawYaw(landmarks: readonly Point[]): number {
  const [nose, left, right] = [landmarks[30], landmarks[0], landmarks[16]];
  if (!nose || !left || !right) return 0;
  const [l, r] = [Math.hypot(nose.x - left.x, nose.y - left.y), Math.hypot(nose.x - right.x, nose.y - right.y)];
  return l + r === 0 ? 0 : (l - r) / (l + r);
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return values.length === 0 ? 0 : sum / values.length;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
