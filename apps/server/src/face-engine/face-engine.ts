// Face detection and 128-d descriptors (face-api on tfjs wasm) in a pool of worker threads.
import { Piscina } from 'piscina';
// sharp runs in the workers, but on glibc Linux the main thread must load it too, or libvips is
// unloaded when a worker exits while another still uses it (lovell/sharp#2263).
import 'sharp';
import type { FaceBox, WorkerConfig, WorkerReply, WorkerResult, WorkerTask } from './face-worker.ts';
import { faceMessages } from '@seva/shared';
import { imageFormat, storedFormat } from './image-format.ts';
import { checkHeifPixels, imageProblem, type ImageProblem } from './open-image.ts';
import type { PhotoMeasures } from './photo-quality.ts';

export { faceDistance, MATCH_THRESHOLD } from './face-distance.ts';

/**
 * What made the descriptors analyse returns: face-api 1.7's recognition net (a ResNet-34) on the dlib-aligned crop,
 * averaged with its mirror image (face-worker.ts). Descriptors made otherwise cannot be compared with these, so a
 * descriptor is stored and synced with the version that made it; change the version whenever the method changes.
 */
export const DESCRIPTOR_MODEL_VERSION = 'face-api-1.7-resnet34-mirrored-1';

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number }; // pixels of the normalised (oriented) image
  score: number;
  descriptor: number[];
  /** How good a photo of this face it is: photo-quality.ts's assessPhoto judges it. */
  measures: PhotoMeasures;
}
interface AnalysedImage {
  image: Buffer;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  faces: DetectedFace[];
  /** The model the descriptions come from: DESCRIPTOR_MODEL_VERSION. */
  modelVersion: string;
}
export interface FaceEngine {
  /**
   * Orients the image, strips its metadata, finds every face and describes each. JPEG, PNG, WebP, GIF, TIFF and HEIC
   * or AVIF are read, whatever the file is named; a PNG is kept as PNG and every other picture becomes a JPEG.
   */
  analyse(file: Buffer): Promise<AnalysedImage>;
  /** Detection only, for live camera guidance. */
  detect(file: Buffer): Promise<Pick<AnalysedImage, 'width' | 'height'> & { faces: Omit<DetectedFace, 'descriptor' | 'measures'>[] }>;
  /** Worker threads running now (readiness: an engine without one cannot analyse). */
  workers?(): number;
  close(): Promise<void>;
}

/** A file that cannot be used as a face image; the message is meant for the user. */
export class FaceImageError extends Error {
  override name = 'FaceImageError';
}

export const MAX_PIXELS = 25_000_000;

/**
 * How long one HEIC decode may run (D-074). A 24-megapixel HEIC, the largest under MAX_PIXELS, decodes in about 2 s on
 * 2 shared vCPUs; a picture still decoding after five times that is refused, and its decoder's thread ended.
 */
export const HEIF_DECODE_DEADLINE_MS = 10_000;

/** Images waiting for a worker before new ones are turned away (about half a minute of work on 2 threads). */
export const MAX_QUEUE = 64;

/** The engine has more work queued than it can do soon; the caller should try again shortly. */
export class FaceEngineBusyError extends Error {
  override name = 'FaceEngineBusyError';
}

const messages: Record<ImageProblem | 'not-an-image', string> = {
  'not-an-image': faceMessages.invalidImageFormat,
  'too-large': `The image is too large: it must have at most ${MAX_PIXELS / 1_000_000} megapixels.`,
  'too-slow': /*i18n*/ 'The image took too long to read. Please send a smaller photo, or a JPEG.',
  unreadable: 'The image file is damaged or incomplete and cannot be read.',
};

/**
 * The stored format of a picture the engine reads; anything else is refused as not an image. A HEIF picture whose
 * boxes say it is too large, or do not hold together, is refused here, before it waits for a worker (D-074).
 */
function checkedFormat(file: Buffer): 'jpeg' | 'png' {
  const format = imageFormat(file);
  if (!format) throw new FaceImageError(messages['not-an-image']);
  try {
    checkHeifPixels(file, MAX_PIXELS);
  } catch (error) {
    throw new FaceImageError(messages[imageProblem(error)]);
  }
  return storedFormat(format);
}

/** `heifDecodeDeadlineMs`: HEIF_DECODE_DEADLINE_MS unless a test needs a deadline it can reach. */
export function createFaceEngine(options: { threads: number; heifDecodeDeadlineMs?: number }): FaceEngine {
  const pool = new Piscina<WorkerTask, WorkerReply>({
    filename: new URL('./face-worker.mjs', import.meta.url).href,
    minThreads: options.threads, // start every worker (and load its models) now, not on the first request
    maxThreads: options.threads,
    idleTimeout: Infinity,
    maxQueue: MAX_QUEUE,
    workerData: { maxPixels: MAX_PIXELS, heifDecodeDeadlineMs: options.heifDecodeDeadlineMs ?? HEIF_DECODE_DEADLINE_MS } satisfies WorkerConfig,
  });

  async function run<F extends FaceBox>(task: WorkerTask): Promise<WorkerResult<F>> {
    if (pool.queueSize >= MAX_QUEUE) throw new FaceEngineBusyError('The face engine is busy.');
    const reply = (await pool.run(task)) as WorkerReply<F>;
    if (!reply.ok) throw new FaceImageError(messages[reply.problem]);
    return reply.result;
  }

  return {
    async analyse(file) {
      const format = checkedFormat(file);
      const { image, ...result } = await run<DetectedFace>({ kind: 'analyse', file, format });
      if (!image) throw new Error('The face worker returned no image.');
      const stored = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      return { ...result, image: stored, mime: `image/${format}`, modelVersion: DESCRIPTOR_MODEL_VERSION };
    },
    async detect(file) {
      checkedFormat(file);
      const { width, height, faces } = await run({ kind: 'detect', file });
      return { width, height, faces };
    },
    workers: () => pool.threads.length,
    close: () => pool.close(),
  };
}
