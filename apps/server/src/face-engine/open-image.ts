// Opens a picture for the face worker. sharp (libvips) reads JPEG, PNG, WebP, GIF, TIFF and AVIF itself; its build
// has no HEVC decoder, so an iPhone's HEIC is decoded by libheif compiled to WebAssembly (heif-decoder.ts) and handed
// to sharp as pixels. A HEIF file's size is read from its boxes first (heif-boxes.ts), never from what it declares.
import sharp, { type Sharp } from 'sharp';
import { heifPrimary } from './heif-boxes.ts';
import { HeifDecodeOverrun, type HeifDecoder } from './heif-decoder.ts';
import { imageFormat } from './image-format.ts';

/** Why a picture cannot be used, as the worker answers it (face-engine.ts words each for the user). */
export type ImageProblem = 'too-large' | 'too-slow' | 'unreadable';

/** sharp's own message, so a picture too large is told from a damaged one the same way for every format. */
const TOO_LARGE = 'Input image exceeds pixel limit';

/** What an error opening a picture means: over the pixel limit, a HEIC decode past its deadline, or anything else. */
export function imageProblem(error: unknown): ImageProblem {
  if (error instanceof HeifDecodeOverrun) return 'too-slow';
  return /pixel limit/i.test(String(error)) ? 'too-large' : 'unreadable';
}

/**
 * A HEIF picture (HEIC or AVIF) is as large as the pixels decoding its primary image makes, grid tiles and all, read
 * from its boxes (D-074): throws the pixel-limit error above maxPixels, and HeifBoxError for boxes that do not hold
 * together. Any other format passes: sharp reads its real size from its header.
 */
export function checkHeifPixels(file: Uint8Array, maxPixels: number): void {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (imageFormat(bytes) === 'heif' && heifPrimary(bytes).pixels > maxPixels) throw new Error(TOO_LARGE);
}

export async function openImage(file: Uint8Array, options: { maxPixels: number; heif: Pick<HeifDecoder, 'decode'> }): Promise<Sharp> {
  const { maxPixels } = options;
  checkHeifPixels(file, maxPixels); // before sharp or libheif decodes anything
  const image = sharp(file, { autoOrient: true, failOn: 'truncated', limitInputPixels: maxPixels });
  const { format, compression } = await image.metadata();
  if (format !== 'heif' || compression !== 'hevc') return image;
  // libheif applies the HEIF rotation and mirroring while decoding; the pixels come out upright.
  const decoded = await options.heif.decode(file);
  const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  return sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: maxPixels });
}
