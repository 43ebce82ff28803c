import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Writes a YUV4MPEG2 video of `image` (letterboxed into width x height, repeated `frames` times) for Chromium's
 * `--use-file-for-fake-video-capture`, so its fake camera films a real face. 4:2:0 planes, BT.601 studio range,
 * which is how Chromium reads I420. Written beside the target and renamed, so a browser never reads half a file.
 */
export async function writeFakeCameraVideo(image: string, file: string, { width = 640, height = 480, frames = 10 } = {}): Promise<string> {
  const { data: rgb } = await sharp(image)
    .resize(width, height, { fit: 'contain', background: { r: 128, g: 128, b: 128 } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * width + x) * 3;
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc(u.length);
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const i = at(col, row);
      y[row * width + col] = 16 + (65.481 * rgb[i]! + 128.553 * rgb[i + 1]! + 24.966 * rgb[i + 2]!) / 255;
    }
  }
  for (let row = 0; row < height / 2; row += 1) {
    for (let col = 0; col < width / 2; col += 1) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const i = at(col * 2 + dx, row * 2 + dy);
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      u[row * (width / 2) + col] = 128 + (-37.797 * r - 74.203 * g + 112 * b) / 255;
      v[row * (width / 2) + col] = 128 + (112 * r - 93.786 * g - 18.214 * b) / 255;
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const video = Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(frames).fill(frame)]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, video);
  fs.renameSync(partial, file);
  return file;
}
