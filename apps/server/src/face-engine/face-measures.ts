// How good a photo of a face is, measured from its pixels and landmarks; photo-quality.ts judges the figures, and
// D-061 says why these measures.
import sharp from 'sharp';
import type { PhotoMeasures } from './photo-quality.ts';

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };
type Grey = { data: Uint8Array; width: number; height: number };
/** RGB pixels, 3 bytes each, as the worker decodes them for detection. */
export interface RgbPixels {
  data: Buffer;
  info: { width: number; height: number };
}

// The grey face crop is resized to this square before its Laplacian is taken, so the same face photographed large
// or small gives the same sharpness; the smallest face accepted (MIN_FACE_SIZE) is as large, so crops only shrink.
const SHARPNESS_SIDE = 64;

/** face-api's 68 landmarks of a face, and of its crop's mirror image. */
export interface LandmarkPair {
  seen: readonly Point[];
  mirrored: readonly Point[];
}

/** `box` in pixels of the oriented image (`size`); `pixels` may be that image downscaled. */
export async function measureFace(pixels: RgbPixels, size: { width: number; height: number }, box: Box, landmarks: LandmarkPair): Promise<PhotoMeasures> {
  const grey = greyRegion(pixels, scaled(box, pixels.info.width / size.width, pixels.info));
  return {
    faceSize: Math.min(box.width, box.height),
    brightness: round(mean(grey.data), 1),
    sharpness: round(await sharpness(grey), 3),
    // The mirror image's turn is the opposite one: averaged, the landmark net's bias to one side cancels.
    yaw: round((jawYaw(landmarks.seen) - jawYaw(landmarks.mirrored)) / 2, 3),
  };
}

function scaled(box: Box, scale: number, limits: { width: number; height: number }): Box {
  const x = Math.min(limits.width - 1, Math.max(0, Math.floor(box.x * scale)));
  const y = Math.min(limits.height - 1, Math.max(0, Math.floor(box.y * scale)));
  const width = Math.max(1, Math.min(limits.width - x, Math.round(box.width * scale)));
  const height = Math.max(1, Math.min(limits.height - y, Math.round(box.height * scale)));
  return { x, y, width, height };
}

/** Rec. 601 luma (0-255) of the box's pixels. */
function greyRegion({ data, info }: RgbPixels, box: Box): Grey {
  const grey = new Uint8Array(box.width * box.height);
  for (let row = 0; row < box.height; row += 1) {
    for (let column = 0; column < box.width; column += 1) {
      const at = ((box.y + row) * info.width + box.x + column) * 3;
      grey[row * box.width + column] = Math.round(0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!);
    }
  }
  return { data: grey, width: box.width, height: box.height };
}

/**
 * Variance of the 4-neighbour Laplacian of the crop at SHARPNESS_SIDE, over the variance of its grey levels. Divided so,
 * it does not fall with contrast: the plain Laplacian variance of a dark or flat photo drops as if it were blurred.
 */
async function sharpness(grey: Grey): Promise<number> {
  const side = SHARPNESS_SIDE;
  const small = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .resize(side, side, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const laplacian: number[] = [];
  for (let y = 1; y < side - 1; y += 1) {
    for (let x = 1; x < side - 1; x += 1) {
      const at = y * side + x;
      laplacian.push(small[at - 1]! + small[at + 1]! + small[at - side]! + small[at + side]! - 4 * small[at]!);
    }
  }
  const levels = variance(small);
  return levels === 0 ? 0 : variance(laplacian) / levels;
}

/**
 * Head turn from the jaw's symmetry about the nose tip: (left - right) / (left + right) of the nose tip's (point 30)
 * distances to the jaw's ends (points 0 and 16). 0 facing the camera, towards ±1 in profile; positive when the nose
 * points to the image's right.
 */
function jawYaw(landmarks: readonly Point[]): number {
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

function variance(values: ArrayLike<number>): number {
  const average = mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += (values[i]! - average) ** 2;
  return values.length === 0 ? 0 : sum / values.length;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
