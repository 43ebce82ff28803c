import type { FaceBox } from '@seva/shared';

/**
 * The CSS object-position that shows the face in a square thumbnail of the whole picture (object-fit: cover): the
 * square the thumbnail shows is as wide as the picture's shorter side, and is centred on the face as far as the
 * picture's edges allow. The same image file serves the thumbnail and 'View details', so the browser caches it once.
 * Without a box (a face stored before the portal kept one) the thumbnail stays centred.
 */
export function faceObjectPosition(box: FaceBox | undefined): string | undefined {
  if (!box || box.image_width <= 0 || box.image_height <= 0) return undefined;
  const side = Math.min(box.image_width, box.image_height);
  const along = (start: number, length: number, total: number) => {
    if (total <= side) return 50;
    const offset = Math.min(Math.max(start + length / 2 - side / 2, 0), total - side);
    return Math.round((offset / (total - side)) * 1000) / 10;
  };
  return `${along(box.x, box.width, box.image_width)}% ${along(box.y, box.height, box.image_height)}%`;
}
