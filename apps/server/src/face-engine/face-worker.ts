// Piscina worker (started through face-worker.mjs): decodes images (open-image.ts) and runs face-api on the
// tfjs wasm backend, so the server's event loop never does the heavy work.
import { createRequire } from 'node:module';
import path from 'node:path';
import { workerData } from 'piscina';
import type * as TfCore from '@tensorflow/tfjs';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { DetectedFace } from './face-engine.ts';
import { measureFace, type RgbPixels } from './face-measures.ts';
import { createHeifDecoder } from './heif-decoder.ts';
import { imageProblem, openImage, type ImageProblem } from './open-image.ts';

export interface WorkerConfig {
  maxPixels: number;
  /** How long one HEIC decode may run before it is stopped (D-074). */
  heifDecodeDeadlineMs: number;
}
/** `format`: how analyse stores the picture. */
export type WorkerTask = { kind: 'analyse'; file: Uint8Array; format: 'jpeg' | 'png' } | { kind: 'detect'; file: Uint8Array };
export type FaceBox = Omit<DetectedFace, 'descriptor' | 'measures'>;
export interface WorkerResult<F extends FaceBox = FaceBox> {
  width: number;
  height: number;
  faces: F[];
  image?: Uint8Array; // analyse only: the oriented image re-encoded without metadata
}
export type WorkerReply<F extends FaceBox = FaceBox> = { ok: true; result: WorkerResult<F> } | { ok: false; problem: ImageProblem };

type Size = { width: number; height: number };
type Box = FaceBox['box'];
type Detector = 'ssd' | 'tiny';

// Larger images are downscaled for detection: SSD works on 512x512 anyway, and a face it can still find
// at this size spans enough pixels for the 150x150 descriptor crop.
const DETECTION_MAX_SIDE = 1920;
// SSD MobileNet misses faces that fill the frame (tight crops, close-ups), so such images are retried
// on a black canvas three times their size (a border as wide as the image on every side). Measured on
// the fixtures' 40 tight crops: a border of half the size finds 36, a full-size border all 40.
const CLOSE_UP_FRACTION = 0.5; // a face wider or taller than this share of the image counts as a close-up
const CLOSE_UP_MAX_SIDE = 512; // the image is shrunk to this before padding; SSD sees 512 px in the end
// SSD is four fifths of analyse's time (~280 of ~350 ms on 2 vCPUs), so analyse first lists everything at
// all face-like with tiny (~60 ms) and keeps tiny's answer only when that is one clear face, neither a
// close-up nor small; anything else goes to SSD as before (then ~60 ms slower than SSD alone). A group
// photo must never pass as one face: in the fixtures' 3 group photos and 151 crops and composites of them,
// of single/ and of people/ (2 to 6 faces, the largest 0.13 to 0.8 of the picture), tiny listed two or
// more candidates every time; the weakest second one scored 0.11 (faces at most 0.14 of the picture), and
// 0.40 in the 126 pictures whose largest face was within this path's sizes. Faces described from tiny's box
// match SSD's: people/ framed in 640x480 pictures (29 of 40 take this path) get descriptors 0.07 apart
// (at most 0.12) from the two, and the recognition task still gives 31/32 with no wrong match under
// MATCH_THRESHOLD whichever detector enrolled and which one probed.
const CANDIDATE_SCORE = 0.1;
const CLEAR_FACE_SCORE = 0.8; // the bench photo scores 0.95, single/angry.jpg 0.90, single/happy.jpg 0.54 (to SSD)
const SMALL_FACE_FRACTION = 0.2; // a face smaller than this share of the image goes to SSD

const require = createRequire(import.meta.url);
const faceapi: typeof FaceApi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
// The same tfjs modules face-api's bundle require()s. Tensor ops go through faceapi.tf, whose types
// match face-api's signatures; its typings just leave out backend selection.
const { setBackend }: typeof TfCore = require('@tensorflow/tfjs');
const { setWasmPaths }: typeof TfWasm = require('@tensorflow/tfjs-backend-wasm');
const { tf } = faceapi;
type Tensor3D = FaceApi.tf.Tensor3D;
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const { maxPixels, heifDecodeDeadlineMs } = workerData as WorkerConfig;
const heif = createHeifDecoder({ deadlineMs: heifDecodeDeadlineMs });
const detectorOptions = {
  ssd: new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }),
  // Four to five times faster than SSD on a 640x480 frame, for live guidance; it finds fewer faces in
  // crowded pictures (2 of 4 in many-faces/bbt1.jpg), so analyse, which decides what is stored, trusts it
  // only through tinyCandidates (see CANDIDATE_SCORE).
  tiny: new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }),
  tinyCandidates: new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: CANDIDATE_SCORE }),
};

setWasmPaths(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep);
if (!(await setBackend('wasm'))) throw new Error('The tfjs wasm backend failed to initialise.');
const modelDir = path.join(packageDir('@vladmandic/face-api'), 'model');
const { ssdMobilenetv1, tinyFaceDetector, faceLandmark68Net, faceRecognitionNet } = faceapi.nets;
await Promise.all([ssdMobilenetv1, tinyFaceDetector, faceLandmark68Net, faceRecognitionNet].map((net) => net.loadFromDisk(modelDir)));

export default async function run(task: WorkerTask): Promise<WorkerReply> {
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(task);
  } catch (error) {
    return { ok: false, problem: imageProblem(error) };
  }
  const { pixels, size, image } = decoded;
  const tensor = tf.tensor3d(pixels.data, [pixels.info.height, pixels.info.width, 3], 'float32');
  try {
    const faces = task.kind === 'analyse' ? await describeFaces(tensor, size, pixels) : await locateFaces(tensor, size);
    return { ok: true, result: { ...size, faces, image } };
  } finally {
    tensor.dispose();
  }
}

/** Detection pixels (RGB, at most DETECTION_MAX_SIDE), the oriented size and, for analyse, the re-encoded image. */
async function decode(task: WorkerTask) {
  const input = await openImage(task.file, { maxPixels, heif });
  const pixels = input
    .clone()
    .resize({ width: DETECTION_MAX_SIDE, height: DETECTION_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (task.kind === 'detect') {
    const [{ autoOrient: size }, detection] = await Promise.all([input.metadata(), pixels]);
    return { pixels: detection, size, image: undefined };
  }
  // sharp writes no metadata unless asked to, so EXIF (GPS, orientation) and XMP are dropped here.
  // A picture with transparency (WebP, GIF, HEIC) stored as JPEG is laid on white, as detection sees it.
  const output = task.format === 'jpeg' ? input.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 90 }) : input.clone().png();
  const [encoded, detection] = await Promise.all([output.toBuffer({ resolveWithObject: true }), pixels]);
  return { pixels: detection, size: { width: encoded.info.width, height: encoded.info.height }, image: encoded.data };
}

async function locateFaces(image: Tensor3D, size: Size): Promise<FaceBox[]> {
  const located = await locate(image, 'tiny', size);
  located.dispose();
  return located.detections.map((detection) => ({ box: located.toImage(detection.box), score: detection.score }));
}

async function describeFaces(image: Tensor3D, size: Size, pixels: RgbPixels): Promise<DetectedFace[]> {
  const located = (await clearSingleFace(image, size)) ?? (await locate(image, 'ssd', size));
  try {
    const detected = located.detections.map((detection) => faceapi.extendWithFaceDetection({}, detection));
    const withLandmarks = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve(detected), located.input, false);
    const faces: DetectedFace[] = [];
    for (const { detection, landmarks } of withLandmarks) {
      const descriptor = await describe(located.input, landmarks.align(null, { useDlibAlignment: true }));
      if (!descriptor) continue;
      const box = located.toImage(detection.box);
      const landmarkPairs = { seen: landmarks.positions, mirrored: await mirroredLandmarks(located.input, detection.box) };
      faces.push({ box, score: detection.score, descriptor, measures: await measureFace(pixels, size, box, landmarkPairs) });
    }
    return faces;
  } finally {
    located.dispose();
  }
}

/**
 * The descriptor of the aligned face crop averaged with that of its mirror image. On the fixtures this
 * brings the largest same-person distance of the recognition task down from 0.604 to 0.558 (different
 * people stay at 0.64 and above) for one more recognition-net pass (~30 ms).
 */
async function describe(input: Tensor3D, aligned: FaceApi.Box): Promise<number[] | undefined> {
  const [crop] = await faceapi.extractFaceTensors(input, [aligned]);
  if (!crop) return undefined;
  const mirrored = tf.tidy(() => tf.image.flipLeftRight(tf.expandDims<FaceApi.tf.Tensor4D>(crop, 0)));
  try {
    const [a, b] = (await faceRecognitionNet.computeFaceDescriptor([crop, mirrored])) as Float32Array[];
    return a && b ? Array.from(a, (value, i) => (value + (b[i] ?? value)) / 2) : undefined;
  } finally {
    crop.dispose();
    mirrored.dispose();
  }
}

/**
 * The landmarks of the face crop's mirror image (in the crop's pixels). face-api's landmarks are not mirror-symmetric:
 * a turned head read as much as 0.1 to 0.2 more turned one way than mirrored (D-061).
 */
async function mirroredLandmarks(input: Tensor3D, box: FaceApi.Box): Promise<FaceApi.Point[]> {
  const [crop] = await faceapi.extractFaceTensors(input, [box]);
  if (!crop) return [];
  const mirrored = tf.tidy(() => tf.image.flipLeftRight(tf.expandDims<FaceApi.tf.Tensor4D>(crop, 0)));
  try {
    const landmarks = await faceLandmark68Net.detectLandmarks(mirrored);
    return (Array.isArray(landmarks) ? landmarks[0] : landmarks)?.positions ?? [];
  } finally {
    crop.dispose();
    mirrored.dispose();
  }
}

interface Located {
  input: Tensor3D; // what the detections refer to: the image itself or its padded copy
  detections: FaceApi.FaceDetection[];
  toImage: (box: FaceApi.Box) => Box;
  dispose: () => void;
}

/** tiny's face when it is the only face-like thing in the image, clear, neither close-up nor small (see CANDIDATE_SCORE). */
async function clearSingleFace(image: Tensor3D, size: Size): Promise<Located | undefined> {
  const candidates = await faceapi.detectAllFaces(image, detectorOptions.tinyCandidates);
  const [face] = candidates;
  if (candidates.length !== 1 || !face || face.score < CLEAR_FACE_SCORE) return undefined;
  const share = imageShare(face.box, image);
  return share >= SMALL_FACE_FRACTION && share <= CLOSE_UP_FRACTION ? asIs(image, candidates, size) : undefined;
}

/** Finds faces as is, and retries close-ups padded (see CLOSE_UP_FRACTION). */
async function locate(image: Tensor3D, detector: Detector, size: Size): Promise<Located> {
  const direct = await faceapi.detectAllFaces(image, detectorOptions[detector]);
  const closeUp = direct.length === 0 || direct.some(({ box }) => imageShare(box, image) > CLOSE_UP_FRACTION);
  if (!closeUp) return asIs(image, direct, size);

  const [height, width] = image.shape;

  const shrink = Math.min(1, CLOSE_UP_MAX_SIDE / Math.max(width, height));
  const inner = { width: Math.max(1, Math.round(width * shrink)), height: Math.max(1, Math.round(height * shrink)) };
  const padded = tf.tidy(() => {
    const source = shrink < 1 ? tf.image.resizeBilinear(image, [inner.height, inner.width]) : image;
    return tf.pad(source, [[inner.height, inner.height], [inner.width, inner.width], [0, 0]]);
  });
  // A face may extend past a tight crop's edges, but its centre must lie inside the picture: whatever
  // is centred on the black border is not a face in the image (this keeps blank images faceless).
  const inside = (await faceapi.detectAllFaces(padded, detectorOptions[detector])).filter(({ box }) => {
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    return cx >= inner.width && cx <= 2 * inner.width && cy >= inner.height && cy <= 2 * inner.height;
  });
  if (inside.length < direct.length) {
    padded.dispose();
    return asIs(image, direct, size);
  }
  return { input: padded, detections: inside, toImage: projection(inner.width, inner.height, inner, size), dispose: () => padded.dispose() };
}

/** Detections made on the image itself (not on a padded copy). */
function asIs(image: Tensor3D, detections: FaceApi.FaceDetection[], size: Size): Located {
  const [height, width] = image.shape;
  return { input: image, detections, toImage: projection(0, 0, { width, height }, size), dispose: () => {} };
}

/** The larger of the box's width and height as a share of the image's. */
function imageShare(box: FaceApi.Box, image: Tensor3D): number {
  const [height, width] = image.shape;
  return Math.max(box.width / width, box.height / height);
}

/** Maps boxes from a detection tensor (the image at `inner` size, offset by a border) to `size`, clipped to the image. */
function projection(offsetX: number, offsetY: number, inner: Size, size: Size): (box: FaceApi.Box) => Box {
  const [sx, sy] = [size.width / inner.width, size.height / inner.height];
  const clip = (value: number, max: number) => Math.round(Math.min(max, Math.max(0, value)));
  return (box) => {
    const x = clip((box.x - offsetX) * sx, size.width);
    const y = clip((box.y - offsetY) * sy, size.height);
    const width = clip((box.x + box.width - offsetX) * sx, size.width) - x;
    const height = clip((box.y + box.height - offsetY) * sy, size.height) - y;
    return { x, y, width, height };
  };
}
