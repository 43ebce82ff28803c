// Opens a picture for the face worker. sharp (libvips) reads JPEG, PNG, WebP, GIF, TIFF and AVIF itself; its build
// has no HEVC decoder, so an iPhone's HEIC is decoded by libheif compiled to WebAssembly (heic-decode, through
// libheif-js, which ships its wasm inside the package) and handed to sharp as pixels.
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';

export async function openImage(file: Uint8Array, maxPixels: number): Promise<Sharp> {
  const options = { autoOrient: true, failOn: 'truncated', limitInputPixels: maxPixels } as const;
  const image = sharp(file, options);
  const { format, compression, width = 0, height = 0 } = await image.metadata();
  if (format !== 'heif' || compression !== 'hevc') return image;
  // sharp's own message, so the worker tells a picture too large from a damaged one the same way for every format.
  if (width * height > maxPixels) throw new Error('Input image exceeds pixel limit');
  // libheif applies the HEIF rotation and mirroring while decoding; the pixels come out upright.
  const decoded = await decodeHeic({ buffer: file });
  const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  return sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: maxPixels });
}
