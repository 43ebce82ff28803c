import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text a QR code in a PNG holds, read the way a scanner would. */
export async function decodeQrPng(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
