// The thread heif-decoder.ts decodes HEIC in: libheif compiled to WebAssembly (libheif-js, which ships its wasm inside
// the package), so a decode that runs too long can be stopped by ending the thread. Plain JavaScript, not TypeScript
// through tsx as face-worker.mjs loads its worker: the thread starts in about 0.3 s instead of 0.9 s.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const libheif = require('libheif-js/wasm-bundle');
await libheif.ready;
// libheif-js writes why it could not read a file to the console, between the server's JSON log lines; the decode's
// caller hears of the failure anyway, and the user is told the picture cannot be read.
console.log = () => {};

/** The primary image (pitm) as RGBA pixels, whatever other images the file holds. libheif applies its rotation. */
async function decodePrimary(file) {
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(file);
  try {
    const primary = images.find((image) => image.is_primary());
    if (!primary) throw new Error('The HEIF file has no primary image.');
    const width = primary.get_width();
    const height = primary.get_height();
    const pixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const shown = await new Promise((resolve) => primary.display(pixels, resolve));
    if (!shown) throw new Error('libheif could not decode the primary image.');
    return { width, height, data: shown.data };
  } finally {
    for (const image of images) image.free();
    decoder.decoder?.delete();
  }
}

parentPort.on('message', async (file) => {
  try {
    const decoded = await decodePrimary(file);
    parentPort.postMessage({ ok: true, ...decoded }, [decoded.data.buffer]);
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
  }
});
parentPort.postMessage('ready');
