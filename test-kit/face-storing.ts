import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { multipart, type Answer, type Send } from './transport.ts';

/** Who stores the face: the owner's e-mail (the face routes' `email` field) and how they are signed in, if not by the transport. */
export interface FaceOwner {
  email: string;
  /** A session cookie (`name=value`); none when the transport carries the session (a browser context). */
  cookie?: string;
  /** A glasses' access token, sent as `Bearer`. */
  token?: string;
}

/** A face to store: its name, its picture and the file name it is uploaded under (its extension sets the type). */
export interface FaceToStore {
  name: string;
  picture: Buffer;
  /** The upload's file name; `face.jpg` by default. A `.png` goes as image/png, anything else as image/jpeg. */
  fileName?: string;
  /** The face_id the client chooses (a new UUID by default). */
  faceId?: string;
}

/** The form fields and picture of POST /face-api/store_face, as the add-face screen sends them. */
export function storeFaceForm(owner: Pick<FaceOwner, 'email'>, face: FaceToStore & { faceId: string }): FormData {
  const fileName = face.fileName ?? 'face.jpg';
  const type = path.extname(fileName).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
  return multipart({ file: new File([new Uint8Array(face.picture)], fileName, { type }), name: face.name, email: owner.email, face_id: face.faceId });
}

/** The headers that sign `owner` in: their cookie and, for glasses, their token. */
export function ownerHeaders(owner: FaceOwner): Record<string, string> {
  return { ...(owner.cookie === undefined ? {} : { cookie: owner.cookie }), ...(owner.token === undefined ? {} : { authorization: `Bearer ${owner.token}` }) };
}

/**
 * Stores a face through the real face backend (POST /face-api/store_face, multipart with the picture as `file`), as
 * the add-face screen does. Answers the face_id and the portal's answer; throws when the portal refuses.
 */
export async function storeFace(portal: { send: Send }, owner: FaceOwner, face: FaceToStore): Promise<{ faceId: string; answer: Answer }> {
  const faceId = face.faceId ?? randomUUID();
  const answer = await portal.send('POST', '/face-api/store_face', storeFaceForm(owner, { ...face, faceId }), ownerHeaders(owner));
  if (answer.status < 200 || answer.status > 299) throw new Error(`store_face ${face.name}: ${answer.status} ${answer.text}`);
  return { faceId, answer };
}

/**
 * Adds a photo to a person kept already (issue #32: POST /face-api/faces/{face_id}/photos, multipart `file`), as
 * /faces/add?person= does. Answers the portal's answer (the photo, with its photo_id); throws when the portal refuses.
 */
export async function addFacePhoto(portal: { send: Send }, owner: FaceOwner, faceId: string, photo: Pick<FaceToStore, 'picture' | 'fileName'>): Promise<Answer> {
  const fileName = photo.fileName ?? 'face.jpg';
  const type = path.extname(fileName).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
  const form = multipart({ file: new File([new Uint8Array(photo.picture)], fileName, { type }) });
  const answer = await portal.send('POST', `/face-api/faces/${faceId}/photos`, form, ownerHeaders(owner));
  if (answer.status !== 201) throw new Error(`add photo to ${faceId}: ${answer.status} ${answer.text}`);
  return answer;
}
