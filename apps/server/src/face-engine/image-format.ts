// What kind of picture a file is, from its first bytes: the name and the type a browser gives are often wrong (an
// Android phone's WebP photo is commonly named .jpg).

/** The pictures the face engine reads. Only JPEG and PNG are stored (SPEC): a PNG stays PNG, every other one becomes JPEG. */
type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'heif';

const startsWith = (file: Buffer, magic: number[], at = 0) => file.length > at + magic.length && magic.every((byte, i) => file[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

// ISO base media files whose brand says HEIF: HEIC (iPhones, HEVC), AVIF (AV1) and the generic image brands.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

function isHeif(file: Buffer): boolean {
  if (!startsWith(file, ascii('ftyp'), 4)) return false;
  const boxSize = Math.min(file.readUInt32BE(0), file.length, 64);
  // The major brand (bytes 8-11), then the compatible brands from byte 16 to the end of the ftyp box.
  for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
    if (HEIF_BRANDS.has(file.toString('latin1', at, at + 4))) return true;
  }
  return false;
}

/** The picture's format, or undefined when the file is not a picture the engine reads. */
export function imageFormat(file: Buffer): ImageFormat | undefined {
  if (startsWith(file, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(file, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(file, ascii('RIFF')) && startsWith(file, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(file, ascii('GIF87a')) || startsWith(file, ascii('GIF89a'))) return 'gif';
  if (startsWith(file, [0x49, 0x49, 0x2a, 0x00]) || startsWith(file, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (isHeif(file)) return 'heif';
  return undefined;
}

/** How a picture of this format is stored. */
export const storedFormat = (format: ImageFormat): 'jpeg' | 'png' => (format === 'png' ? 'png' : 'jpeg');
