import { randomUUID } from 'node:crypto';
import {
  duplicateFaceNameMessage,
  faceMessages,
  faceNameKey,
  messages,
  type FaceSummary,
  type RecognizeAnswer,
} from '@seva/shared';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import { faceDistance, FaceEngineBusyError, FaceImageError, MATCH_THRESHOLD, type DetectedFace, type FaceEngine } from '../../face-engine/face-engine.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../plugins/http-error.ts';
import type { SessionRow } from '../identity/store.ts';
import * as store from './store.ts';

export interface FacesDeps {
  db: Db;
  blobs: BlobStore;
  engine: () => FaceEngine;
  now?: () => Date;
}

/** The image URL the list gives: same origin, served to the owner only. */
export const faceImageUrl = (faceId: string) => `/face-api/image/${faceId}`;

const toSummary = (row: { face_id: string; name: string; created_at: string }): FaceSummary => ({
  face_id: row.face_id,
  name: row.name,
  face_url: faceImageUrl(row.face_id),
  timestamp: row.created_at,
});

const encodeDescriptor = (descriptor: ArrayLike<number>) => Buffer.from(new Float32Array(descriptor).buffer);
const decodeDescriptor = (buffer: Buffer) => new Float32Array(Uint8Array.from(buffer).buffer);

export function createFacesService(deps: FacesDeps) {
  const { db, blobs } = deps;
  const now = deps.now ?? (() => new Date());

  /** DESIGN: the email field must be the caller's own; anything else is refused before any work. */
  function checkOwnEmail(user: SessionRow, email: string): void {
    if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw forbidden(messages.forbiddenEmail);
  }

  /** `field` is the form field that carries the name: 'name' on store, 'updated_name' on rename. */
  async function checkNameFree(user: SessionRow, name: string, field: 'name' | 'updated_name', exceptFaceId?: string): Promise<void> {
    const clash = await store.findByNameKey(db, user.uid, faceNameKey(name));
    if (clash && clash.face_id !== exceptFaceId) throw conflict(duplicateFaceNameMessage(name.trim()), field);
  }

  /** Runs the engine, turning its refusals into answers: a bad image is the caller's, a full queue is ours. */
  async function withEngine<T>(work: (engine: FaceEngine) => Promise<T>): Promise<T> {
    try {
      return await work(deps.engine());
    } catch (error) {
      if (error instanceof FaceImageError) throw new HttpError(422, error.message, { field: 'file' });
      if (error instanceof FaceEngineBusyError) throw new HttpError(503, faceMessages.engineBusy);
      throw error;
    }
  }
  const analyse = (file: Buffer) => withEngine((engine) => engine.analyse(file));

  /** The one face an enrolment image must show. */
  function onlyFace(faces: DetectedFace[]): DetectedFace {
    const [face] = faces;
    if (!face) throw new HttpError(422, faceMessages.noFace, { field: 'file' });
    if (faces.length > 1) throw new HttpError(422, faceMessages.manyFaces(faces.length), { field: 'file' });
    return face;
  }

  return {
    checkOwnEmail,

    async list(user: SessionRow, email: string): Promise<FaceSummary[]> {
      checkOwnEmail(user, email);
      return (await store.listFaces(db, user.uid)).map(toSummary);
    },

    async store(user: SessionRow, fields: { email: string; name: string; face_id: string }, file: Buffer | undefined): Promise<FaceSummary> {
      checkOwnEmail(user, fields.email);
      if (await store.faceIdExists(db, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
      await checkNameFree(user, fields.name, 'name');
      if (!file || file.length === 0) throw badRequest(faceMessages.fileMissing, 'file');
      const analysed = await analyse(file);
      const face = onlyFace(analysed.faces);

      const createdAt = now().toISOString();
      const imageKey = `faces/${user.uid}/${fields.face_id}-${randomUUID()}`;
      const row: store.FaceRow = {
        face_id: fields.face_id,
        user_id: user.uid,
        name: fields.name,
        name_key: faceNameKey(fields.name),
        image_key: imageKey,
        mime: analysed.mime,
        descriptor: encodeDescriptor(face.descriptor),
        consent_at: createdAt,
        created_at: createdAt,
      };
      await blobs.put(imageKey, analysed.image, analysed.mime);
      try {
        await store.insertFace(db, row);
      } catch (error) {
        await blobs.delete(imageKey);
        if (!isUniqueViolation(error)) throw error;
        if (await store.faceIdExists(db, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
        throw conflict(duplicateFaceNameMessage(fields.name), 'name');
      }
      return toSummary(row);
    },

    async rename(user: SessionRow, fields: { email: string; updated_name: string; face_id: string }): Promise<FaceSummary> {
      checkOwnEmail(user, fields.email);
      const face = await store.findFace(db, user.uid, fields.face_id);
      if (!face) throw notFound(faceMessages.faceNotFound);
      await checkNameFree(user, fields.updated_name, 'updated_name', face.face_id);
      try {
        await store.renameFace(db, user.uid, face.face_id, fields.updated_name, faceNameKey(fields.updated_name));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(duplicateFaceNameMessage(fields.updated_name), 'updated_name');
        throw error;
      }
      return toSummary({ ...face, name: fields.updated_name });
    },

    async remove(user: SessionRow, fields: { email: string; face_id: string }): Promise<void> {
      checkOwnEmail(user, fields.email);
      const face = await store.findFace(db, user.uid, fields.face_id);
      if (!face || !(await store.deleteFace(db, user.uid, face.face_id))) throw notFound(faceMessages.faceNotFound);
      await blobs.delete(face.image_key);
    },

    async image(user: SessionRow, faceId: string) {
      const face = await store.findFace(db, user.uid, faceId);
      const blob = face ? await blobs.get(face.image_key) : undefined;
      if (!blob) throw notFound(faceMessages.faceNotFound);
      return blob;
    },

    /** The nearest of the caller's faces to the largest face in the image, if under the threshold. */
    async recognize(user: SessionRow, email: string, file: Buffer | undefined): Promise<RecognizeAnswer> {
      checkOwnEmail(user, email);
      if (!file || file.length === 0) throw badRequest(faceMessages.fileMissing, 'file');
      const { faces } = await analyse(file);
      const largest = [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
      if (!largest) return { match: null };
      let best: RecognizeAnswer['match'] = null;
      for (const known of await store.descriptors(db, user.uid)) {
        const distance = faceDistance(largest.descriptor, decodeDescriptor(known.descriptor));
        if (distance < MATCH_THRESHOLD && (!best || distance < best.distance)) {
          best = { face_id: known.face_id, name: known.name, distance: Math.round(distance * 1000) / 1000 };
        }
      }
      return { match: best };
    },

    /** Live camera guidance: where faces are in a small frame, without describing them. */
    async detect(user: SessionRow, email: string, file: Buffer | undefined) {
      checkOwnEmail(user, email);
      if (!file || file.length === 0) throw badRequest(faceMessages.fileMissing, 'file');
      return withEngine((engine) => engine.detect(file));
    },
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
