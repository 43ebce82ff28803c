import fs from 'node:fs';
import { faceFixture } from '../../../../test-kit/test-data.ts';

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
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'face.jpg');
  const response = await fetch(`${baseUrl}/face-api/${route}`, { method, headers: { cookie }, body: form });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}
