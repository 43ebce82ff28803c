import {
  countryOfInternationalNumber,
  firstIssue,
  messages,
  type GlassesScope,
  type EmergencyContact,
  type FacePhoto,
  type FaceSummary,
  type PairedDevice,
  type PendingPairing,
  type ActivityEvent,
  type BrowserSession,
  type SessionUser,
  type SupportContact,
  helperMessages,
  onlyWearerCan,
  type HelperSessionInfo,
  type HelperSummary,
  type InvitationSummary,
  type SessionAnswer,
} from '@seva/shared';
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { aUser, SAVED_AT } from './fixtures.ts';

/** The in-memory record of one user the stand-in server answers from. */
interface StandInBackend {
  /** The signed-in user, or null when nobody is signed in. */
  user: SessionUser | null;
  faces: FaceSummary[];
  /** Every kept photo of those faces (issue #32), in the order they were added; a face's `photo_count` says how many. */
  facePhotos: FacePhoto[];
  contacts: EmergencyContact[];
  /** Glasses paired with the user, as GET /api/devices lists them. */
  devices: PairedDevice[];
  /** Glasses that asked for a pairing code (POST /oauth/device_authorization), by normalised code. */
  pairings: StandInPairing[];
  /** The browsers signed in to the account (issue #12), this one first. */
  sessions: BrowserSession[];
  /** The account's newest events, newest first. */
  activity: ActivityEvent[];
  /** The wearer's helpers and open invitations (issue #18), as GET /api/helpers lists them. */
  helpers: HelperSummary[];
  /**
   * Set when a helper is signed in (issue #18): `user` is then the wearer they act for now (null until chosen), and
   * wearer-only calls are refused with 403.
   */
  helper: HelperSessionInfo | null;
  /** A helper account that can sign in (POST /api/auth/helper/sign-in), whether or not it is signed in now. */
  helperAccount: Omit<HelperSessionInfo, 'actingFor'> | null;
  /** Invitation links by token, as POST /api/helper-invitations/inspect reads them; `refusal` for a dead link. */
  invitations: Record<string, StandInInvitation>;
  /** Wearers by id, for a helper who helps several (POST /api/helper/acting-for). */
  wearers: SessionUser[];
  /** The support address and phone the operator set (GET /api/support); none by default. */
  support: SupportContact;
}

/** One invitation link: what it says, or why it cannot be used (410 and its message). */
export interface StandInInvitation {
  summary: InvitationSummary;
  refusal?: string;
}

/** The user's password, as POST /api/account/delete checks it. */
export const STAND_IN_PASSWORD = 'Blue-Cactus9!Lamp';

/** This browser, as GET /api/account/sessions lists it. */
const thisBrowser = (): BrowserSession => ({ id: 'this-browser', browser: 'Firefox', system: 'Linux', signedInAt: SAVED_AT, lastActiveAt: SAVED_AT, current: true });
export const fresh = (): StandInBackend => ({
  user: aUser(),
  faces: [],
  facePhotos: [],
  contacts: [],
  devices: [],
  pairings: [],
  sessions: [thisBrowser()],
  activity: [],
  helpers: [],
  helper: null,
  helperAccount: null,
  invitations: {},
  wearers: [],
  support: {},
});

/** A device authorization as the devices module keeps it: its code (no dash), the glasses' name, its state, what it asked for and from where. */
export interface StandInPairing {
  code: string;
  deviceName: string;
  status: 'pending' | 'allowed' | 'denied';
  expiresAt: string;
  requestedAt?: string;
  scopes?: GlassesScope[];
  network?: PendingPairing['network'];
}

export const backend: StandInBackend = fresh();

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export const log: SentRequest[] = [];

/** The bodies the screen sent to `method path` (for example 'PATCH', '/api/profile'), in order. */
export function sent(method: string, path: string): unknown[] {
  return log.filter((r) => r.method === method && r.path === path).map((r) => r.body);
}

/** An answer that is not OK, as the real error handler gives it: `{ message, field? }`. */
export function refusal(status: number, message: string, field?: string) {
  return HttpResponse.json(field === undefined ? { message } : { message, field }, { status });
}

/** As the real `parseBody`: a body the shared schema refuses is a 400 with the schema's first message and field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { message, field } = firstIssue(result.error);
    throw refusal(400, message, field);
  }
  return result.data;
}

/**
 * GET /api/auth/session: the user without the QR image; when a helper is signed in (issue #18), the helper, and of
 * the wearer only what a helper may see (D-075).
 */
export function sessionAnswer(): SessionAnswer {
  const user = backend.user;
  if (!backend.helper) return { user: user && { ...user, QRCode: null } };
  const seen = user && { uid: user.uid, username: user.username, email: user.email, countryCode: countryOfInternationalNumber(user.phone)?.code ?? null };
  return { user: seen, helper: backend.helper };
}

/** As the real session guard: private routes answer 401 when nobody is signed in. */
export function signedInUser(): SessionUser {
  if (!backend.user && !backend.helper) throw refusal(401, messages.signInRequired);
  if (!backend.user) throw refusal(403, helperMessages.chooseWearer);
  return backend.user;
}

/** As the private scope for a route helpers may not call: 403 naming who can (issue #18). */
export function wearer(): SessionUser {
  const user = signedInUser();
  if (backend.helper) throw refusal(403, onlyWearerCan(user.username));
  return user;
}

/** As the helper routes: only a signed-in helper. */
export function signedInHelper(): HelperSessionInfo {
  if (!backend.helper) throw refusal(backend.user ? 403 : 401, backend.user ? helperMessages.helperOnly : messages.signInRequired);
  return backend.helper;
}
