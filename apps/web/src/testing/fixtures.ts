import { DEFAULT_GLASSES_SCOPES, normalizeUserCode, type FacePhoto, type FaceSummary, type RecognizeAnswer, type HelperSessionInfo, type HelperSummary, type PairedDevice, type SessionUser } from '@seva/shared';
import type { StandInPairing } from './stand-in-server.ts';

/** When the stand-in server says a record was made or saved. */
export const SAVED_AT = '2026-11-21T10:00:00.000Z';

export const IDENTITY_QR_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

/** A verified, signed-in user as GET /api/profile gives it (the session answer leaves out `QRCode`). */
export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    uid: 'u1',
    username: 'Robin',
    email: 'robin@example.com',
    phone: '+12025550123',
    license_id: 'SEVA-1234',
    role: 'user',
    accessLevel: 1,
    isVerified: true,
    isLoggedIn: true,
    createdAt: SAVED_AT,
    lastLoginTime: null,
    lastLoginDevice: null,
    QRCode: IDENTITY_QR_IMAGE,
    version: '1.0',
    ...overrides,
  };
}

/** Face number `n`, as the face backend lists it: its first photo is served at /face-api/image/{face_id}. */
export function aFace(n: number, name: string, photoCount = 1): FaceSummary {
  const faceId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { face_id: faceId, name, face_url: `/face-api/image/${faceId}`, timestamp: SAVED_AT, photo_count: photoCount };
}

/** Photo `number` of `face` (issue #32), as GET /face-api/faces/{face_id}/photos lists it: added by the wearer, good. */
export function aPhoto(face: Pick<FaceSummary, 'face_id'>, number: number, overrides: Partial<FacePhoto> = {}): FacePhoto {
  const photoId = `30000000-0000-4000-8000-${face.face_id.slice(-6)}${String(number).padStart(6, '0')}`;
  return {
    photo_id: photoId,
    face_id: face.face_id,
    number,
    photo_url: `/face-api/faces/${face.face_id}/photos/${photoId}/image`,
    added_at: SAVED_AT,
    quality: 'good',
    ...overrides,
  };
}

/** The `photo_count` photos of `face`, numbered from 1. */
export const photosOf = (face: FaceSummary): FacePhoto[] => Array.from({ length: face.photo_count }, (_, i) => aPhoto(face, i + 1));

/** What POST /face-api/recognize answers for a photo of one face that is nobody kept, changed by `overrides`. */
export function aRecognizeAnswer(overrides: Partial<RecognizeAnswer> = {}): RecognizeAnswer {
  return { match: null, faceCount: 1, person: null, confidence: null, runner_up: null, photo_problem: null, model_version: 'test-model', faces: [], ...overrides };
}

/** Glasses number `n` as GET /api/devices lists them: paired at SAVED_AT, never seen unless `lastSeenAt` says. */
export function aDevice(n: number, name: string, overrides: Partial<PairedDevice> = {}): PairedDevice {
  return { id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name, pairedAt: SAVED_AT, lastSeenAt: null, scopes: [...DEFAULT_GLASSES_SCOPES], ...overrides };
}

/** Glasses waiting for `code` (as they say it, e.g. 'KXRT-7M4P') for ten minutes from now. */
export function aPairing(code: string, deviceName: string, overrides: Partial<StandInPairing> = {}): StandInPairing {
  return { code: normalizeUserCode(code), deviceName, status: 'pending', expiresAt: new Date(Date.now() + 600_000).toISOString(), ...overrides };
}

/** Helper number `n` of the wearer, as GET /api/helpers lists them (issue #18): invited at SAVED_AT, accepted when active. */
export function aHelper(n: number, name: string, status: HelperSummary['status'] = 'active'): HelperSummary {
  return {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    status,
    invitedAt: SAVED_AT,
    acceptedAt: status === 'active' ? SAVED_AT : null,
  };
}

/**
 * A helper signed in to act for the stand-in's `user` (issue #18): set `backend.helper` to it, and `backend.wearers`
 * to the wearers it helps, before rendering. `wearers` beyond the first are other wearers they help.
 */
export function aHelperSession(wearers: SessionUser[], overrides: Partial<HelperSessionInfo> = {}): HelperSessionInfo {
  const refs = wearers.map((w) => ({ id: w.uid, username: w.username }));
  return { id: 'h1', name: 'Sam Patel', email: 'sam@example.com', actingFor: refs[0] ?? null, wearers: refs, ...overrides };
}
