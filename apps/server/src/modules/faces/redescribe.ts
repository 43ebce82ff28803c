import { DESCRIPTOR_MODEL_VERSION, type DetectedFace } from '../../face-engine/face-engine.ts';
import { encodeDescriptor } from './descriptors.ts';
import type { FacesContext } from './photos.ts';
import * as photoStore from './photo-store.ts';
import * as store from './store.ts';

const PAGE = 50;

export interface RedescribeProgress {
  done: number;
  total: number;
  /** Photos whose picture is missing or shows no face now: left as they were, and tried again next time. */
  skipped: number;
}

type Box = { face_x: number | null; face_y: number | null; face_width: number | null; face_height: number | null };

/** The face found now that is the one the photo was kept for: the only one, or the one nearest its kept box. */
function sameFace(faces: readonly DetectedFace[], kept: Box): DetectedFace | undefined {
  if (faces.length <= 1 || kept.face_x === null || kept.face_y === null) return faces[0];
  const [cx, cy] = [kept.face_x + Number(kept.face_width ?? 0) / 2, kept.face_y + Number(kept.face_height ?? 0) / 2];
  const gap = (face: DetectedFace) => Math.hypot(face.box.x + face.box.width / 2 - cx, face.box.y + face.box.height / 2 - cy);
  return [...faces].sort((a, b) => gap(a) - gap(b))[0];
}

/**
 * `npm run admin -- faces redescribe` (issue #32): describes again, with the current model, every photo described by
 * another, one photo per transaction, so recognition keeps working throughout (a person is compared on the photos
 * already described by the current model) and a restart goes on where it stopped. Each person changed reaches the
 * glasses' sync again.
 */
export async function redescribeAll(ctx: FacesContext, engine: () => { analyse: (file: Buffer) => Promise<{ faces: DetectedFace[] }> }, report: (progress: RedescribeProgress) => void): Promise<RedescribeProgress> {
  const { left } = await photoStore.countPhotosToRedescribe(ctx.db, DESCRIPTOR_MODEL_VERSION);
  const progress: RedescribeProgress = { done: 0, total: left, skipped: 0 };
  let after = '';
  for (;;) {
    const page = await photoStore.photosToRedescribe(ctx.db, DESCRIPTOR_MODEL_VERSION, after, PAGE);
    if (page.length === 0) break;
    for (const photo of page) {
      after = photo.photo_id;
      const blob = await ctx.blobs.get(photo.image_key);
      const face = blob ? sameFace((await engine().analyse(blob.data)).faces, photo) : undefined;
      if (!face) {
        progress.skipped += 1;
        continue;
      }
      await ctx.db.transaction().execute(async (trx) => {
        const seq = await store.nextChangeSeq(trx, photo.user_id);
        if (!(await photoStore.redescribePhoto(trx, photo.photo_id, { descriptor: encodeDescriptor(face.descriptor), modelVersion: DESCRIPTOR_MODEL_VERSION }))) return;
        await store.touchFace(trx, photo.user_id, photo.face_id, { seq, at: ctx.now().toISOString() });
        await ctx.announce(trx, photo.user_id, seq);
      });
      progress.done += 1;
      report(progress);
    }
  }
  return progress;
}
