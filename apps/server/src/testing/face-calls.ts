import fs from 'node:fs';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { fetchTransport, multipart } from '../../../../test-kit/transport.ts';

/** A photo with exactly one face (test-data/faces/single/neutral.jpg). */
export const onePersonPhoto = () => fs.readFileSync(faceFixture('single', 'neutral.jpg'));

interface FaceAnswer {
  status: number;
  json: unknown;
}

/**
 * One call of the face backend over HTTP, with the form fields product §7 names and, for store_face, the photo as `file`,
 * signed in by `cookie`. Rejects only when no answer came (connection refused or cut).
 */
export async function faceCall(
  baseUrl: string,
  cookie: string,
  method: 'POST' | 'PUT' | 'DELETE',
  route: string,
  fields: Record<string, string>,
  photo?: Buffer,
): Promise<FaceAnswer> {
  const file: Record<string, Blob> = photo ? { file: new File([new Uint8Array(photo)], 'face.jpg', { type: 'image/jpeg' }) } : {};
  const answer = await fetchTransport(baseUrl)(method, `/face-api/${route}`, multipart({ ...fields, ...file }), { cookie });
  return { status: answer.status, json: answer.json ?? answer.text };
}
