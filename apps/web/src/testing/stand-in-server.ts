import {
  DEFAULT_GLASSES_SCOPES,
  accountMessages,
  activityLabels,
  browserDescription,
  contactMessages,
  changePasswordSchema,
  deleteAccountSchema,
  passwordChangedMessage,
  deleteFaceSchema,
  deviceMessages,
  duplicateFaceNameMessage,
  faceMessages,
  faceNameKey,
  firstIssue,
  formatUserCode,
  listFacesSchema,
  messages,
  pairingAllowSchema,
  pairingCodeSchema,
  scopeWords,
  type GlassesScope,
  profileEditSchema,
  profileUpdatedMessage,
  renameFaceSchema,
  saveContactsSchema,
  type ContactInput,
  type EmergencyContact,
  type FaceSummary,
  type PairedDevice,
  type PendingPairing,
  signedOutBrowserMessage,
  signedOutOthersMessage,
  type ActivityEvent,
  type BrowserSession,
  type SessionUser,
  type SupportContact,
  acceptInvitationSchema,
  actingForSchema,
  alreadyHelping,
  changeHelperPasswordSchema,
  existingHelperAccountFormSchema,
  helperMessages,
  helperSignInSchema,
  inviteHelperSchema,
  invitationTokenSchema,
  MAX_HELPERS,
  newHelperAccountFormSchema,
  newPasswordSchema,
  onlyWearerCan,
  resetRequestSchema,
  type HelperSessionInfo,
  type HelperSummary,
  type InvitationSummary,
  type SessionAnswer,
} from '@seva/shared';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { aUser, SAVED_AT } from './fixtures.ts';

/**
 * The server as the web tests see it: the real routes' paths, field names, rules (the shared schemas) and
 * messages, over an in-memory record of one user. A test sets `backend` before rendering, changes an answer
 * with `server.use(...)`, and reads what the screen sent with `sent(...)`; everything is reset after each test
 * (test-setup.ts). A request no handler answers fails the test.
 */
interface StandInBackend {
  /** The signed-in user, or null when nobody is signed in. */
  user: SessionUser | null;
  faces: FaceSummary[];
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
interface StandInInvitation {
  summary: InvitationSummary;
  refusal?: string;
}

/** The user's password, as POST /api/account/delete checks it. */
export const STAND_IN_PASSWORD = 'Blue-Cactus9!Lamp';

/** This browser, as GET /api/account/sessions lists it. */
const thisBrowser = (): BrowserSession => ({ id: 'this-browser', browser: 'Firefox', system: 'Linux', signedInAt: SAVED_AT, lastActiveAt: SAVED_AT, current: true });
const fresh = (): StandInBackend => ({
  user: aUser(),
  faces: [],
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

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

const log: SentRequest[] = [];

/** The bodies the screen sent to `method path` (for example 'PATCH', '/api/profile'), in order. */
export function sent(method: string, path: string): unknown[] {
  return log.filter((r) => r.method === method && r.path === path).map((r) => r.body);
}

/** An answer that is not OK, as the real error handler gives it: `{ message, field? }`. */
export function refusal(status: number, message: string, field?: string) {
  return HttpResponse.json(field === undefined ? { message } : { message, field }, { status });
}

/** As the real `parseBody`: a body the shared schema refuses is a 400 with the schema's first message and field. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { message, field } = firstIssue(result.error);
    throw refusal(400, message, field);
  }
  return result.data;
}

/** GET /api/auth/session: the user without the QR image, and the helper when a helper is signed in (issue #18). */
export function sessionAnswer(): SessionAnswer {
  const user = backend.user && { ...backend.user, QRCode: null };
  return backend.helper ? { user, helper: backend.helper } : { user };
}

/** As the real session guard: private routes answer 401 when nobody is signed in. */
function signedInUser(): SessionUser {
  if (!backend.user && !backend.helper) throw refusal(401, messages.signInRequired);
  if (!backend.user) throw refusal(403, helperMessages.chooseWearer);
  return backend.user;
}

/** As the private scope for a route helpers may not call: 403 naming who can (issue #18). */
function wearer(): SessionUser {
  const user = signedInUser();
  if (backend.helper) throw refusal(403, onlyWearerCan(user.username));
  return user;
}

/** As the helper routes: only a signed-in helper. */
function signedInHelper(): HelperSessionInfo {
  if (!backend.helper) throw refusal(backend.user ? 403 : 401, backend.user ? helperMessages.helperOnly : messages.signInRequired);
  return backend.helper;
}

/** The stand-in helper's password (sign-in, accept with an account, password change, deletion). */
export const STAND_IN_HELPER_PASSWORD = 'Green-Kettle4!Moss';

/** The invitation a token stands for, or the refusal the real route gives (404 unknown, 410 used/cancelled/expired). */
function invitation(token: string): StandInInvitation {
  const found = backend.invitations[token];
  if (!found) throw refusal(404, helperMessages.invitationInvalid);
  if (found.refusal) throw refusal(410, found.refusal);
  return found;
}

/** The helper signed in to act for `wearers[0]` when there is exactly one, as the real sign-in does. */
function signInHelper(helper: Omit<HelperSessionInfo, 'actingFor'>): void {
  const only = helper.wearers.length === 1 ? helper.wearers[0]! : null;
  backend.helper = { ...helper, actingFor: only };
  backend.user = only ? (backend.wearers.find((w) => w.uid === only.id) ?? null) : null;
}

/** As the face backend: the form's `email` must be the signed-in user's own. */
function checkOwnEmail(user: SessionUser, email: string): void {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw refusal(403, messages.forbiddenEmail);
}

const formFields = async (request: Request) => Object.fromEntries(await request.formData());

function findFace(faceId: string): FaceSummary {
  const face = backend.faces.find((f) => f.face_id === faceId);
  if (!face) throw refusal(404, faceMessages.faceNotFound);
  return face;
}

/** As the devices service: the glasses waiting for a code, or why the code cannot be answered (404, 409, 410). */
function pendingPairing(code: string): StandInPairing {
  const pairing = backend.pairings.find((p) => p.code === code);
  if (!pairing) throw refusal(404, deviceMessages.pairingCodeUnknown);
  if (pairing.status !== 'pending') throw refusal(409, deviceMessages.pairingCodeUsed, 'code');
  if (pairing.expiresAt <= new Date().toISOString()) throw refusal(410, deviceMessages.pairingCodeExpired);
  return pairing;
}

const contactEntry = (c: ContactInput, isPrimary: boolean): EmergencyContact => ({
  name: c.name,
  country_code: c.countryCode,
  phone_number: c.phoneNumber,
  is_primary: isPrimary,
  timestamp: SAVED_AT,
});

const handlers = [
  // identity (apps/server/src/modules/identity/routes.ts): the session check leaves out the QR image and answers
  // `{ user: null }`, not 401, when nobody is signed in.
  http.get('*/api/auth/session', () => HttpResponse.json(sessionAnswer())),
  // support (modules/support/routes.ts): public
  http.get('*/api/support', () => HttpResponse.json(backend.support)),
  http.post('*/api/auth/sign-out', () => {
    backend.user = null;
    backend.helper = null;
    return new HttpResponse(null, { status: 204 });
  }),

  // profile (modules/profile/routes.ts)
  http.get('*/api/profile', () => HttpResponse.json({ user: wearer() })),
  http.patch('*/api/profile', async ({ request }) => {
    const user = wearer();
    const edit = parseBody(profileEditSchema, await request.json());
    const field = edit.username !== undefined ? 'username' : 'phone';
    backend.user = { ...user, [field]: edit[field] };
    return HttpResponse.json({ user: backend.user, message: profileUpdatedMessage(field) });
  }),

  // contacts (modules/contacts/routes.ts)
  http.get('*/api/contacts', () => {
    signedInUser();
    return HttpResponse.json({ contacts: backend.contacts });
  }),
  http.put('*/api/contacts', async ({ request }) => {
    signedInUser();
    const input = parseBody(saveContactsSchema, await request.json());
    backend.contacts = [contactEntry(input.primary, true), ...(input.secondary ? [contactEntry(input.secondary, false)] : [])];
    return HttpResponse.json({ contacts: backend.contacts, message: contactMessages.saved });
  }),

  // faces (modules/faces/routes.ts and service.ts): form bodies; a taken name is refused on `updated_name`.
  http.post('*/face-api/get_all_faces', async ({ request }) => {
    const user = signedInUser();
    checkOwnEmail(user, parseBody(listFacesSchema, await formFields(request)).email);
    return HttpResponse.json(backend.faces);
  }),
  http.put('*/face-api/update_face_name', async ({ request }) => {
    const user = signedInUser();
    const fields = parseBody(renameFaceSchema, await formFields(request));
    checkOwnEmail(user, fields.email);
    const face = findFace(fields.face_id);
    const clash = backend.faces.find((f) => faceNameKey(f.name) === faceNameKey(fields.updated_name));
    if (clash && clash.face_id !== face.face_id) throw refusal(409, duplicateFaceNameMessage(fields.updated_name), 'updated_name');
    const renamed = { ...face, name: fields.updated_name };
    backend.faces = backend.faces.map((f) => (f.face_id === face.face_id ? renamed : f));
    return HttpResponse.json(renamed);
  }),
  http.delete('*/face-api/delete_face', async ({ request }) => {
    const user = signedInUser();
    const fields = parseBody(deleteFaceSchema, await formFields(request));
    checkOwnEmail(user, fields.email);
    const face = findFace(fields.face_id);
    backend.faces = backend.faces.filter((f) => f !== face);
    return HttpResponse.json({ message: faceMessages.deleted });
  }),

  // devices (modules/devices/routes.ts and service.ts): /pair answers a code; /profile lists and unpairs glasses.
  http.get('*/api/devices', () => {
    wearer();
    return HttpResponse.json({ devices: backend.devices });
  }),
  http.post('*/api/devices/pairing/check', async ({ request }) => {
    wearer();
    const pairing = pendingPairing(parseBody(pairingCodeSchema, await request.json()).code);
    const scopes = pairing.scopes ?? [...DEFAULT_GLASSES_SCOPES];
    const answer: PendingPairing = {
      code: formatUserCode(pairing.code),
      deviceName: pairing.deviceName,
      scopes,
      grants: scopeWords(scopes),
      requestedAt: pairing.requestedAt ?? new Date().toISOString(),
      expiresAt: pairing.expiresAt,
      network: pairing.network ?? { from: '203.0.113.0/24', sameAsYours: true },
    };
    return HttpResponse.json(answer);
  }),
  http.post('*/api/devices/pairing/allow', async ({ request }) => {
    wearer();
    const input = parseBody(pairingAllowSchema, await request.json());
    const pairing = pendingPairing(input.code);
    if (input.password !== STAND_IN_PASSWORD) throw refusal(403, messages.invalidPassword, 'password');
    pairing.status = 'allowed';
    const device: PairedDevice = { id: crypto.randomUUID(), name: pairing.deviceName, pairedAt: SAVED_AT, lastSeenAt: null, scopes: pairing.scopes ?? [...DEFAULT_GLASSES_SCOPES] };
    backend.devices = [...backend.devices, device];
    return HttpResponse.json({ message: deviceMessages.paired, device });
  }),
  http.post('*/api/devices/pairing/deny', async ({ request }) => {
    wearer();
    pendingPairing(parseBody(pairingCodeSchema, await request.json()).code).status = 'denied';
    return HttpResponse.json({ message: deviceMessages.denied });
  }),
  http.delete('*/api/devices/:id', ({ params }) => {
    wearer();
    const device = backend.devices.find((d) => d.id === params.id);
    if (!device) throw refusal(404, deviceMessages.deviceNotFound);
    backend.devices = backend.devices.filter((d) => d !== device);
    return HttpResponse.json({ message: deviceMessages.unpaired(device.name) });
  }),

  // account and activity (modules/account/routes.ts, modules/activity/routes.ts): issue #12.
  http.get('*/api/account/sessions', () => {
    wearer();
    return HttpResponse.json({ sessions: backend.sessions });
  }),
  http.delete('*/api/account/sessions/:id', ({ params }) => {
    wearer();
    const session = backend.sessions.find((s) => s.id === params.id);
    if (!session) throw refusal(404, accountMessages.sessionNotFound);
    backend.sessions = backend.sessions.filter((s) => s !== session);
    return HttpResponse.json({ message: signedOutBrowserMessage(browserDescription(session)) });
  }),
  http.post('*/api/account/sessions/sign-out-others', () => {
    wearer();
    const count = backend.sessions.filter((s) => !s.current).length;
    backend.sessions = backend.sessions.filter((s) => s.current);
    return HttpResponse.json({ count, message: signedOutOthersMessage(count) });
  }),
  http.get('*/api/activity', () => {
    wearer();
    return HttpResponse.json({ events: backend.activity });
  }),
  http.post('*/api/account/export', () => {
    wearer();
    backend.activity = [{ id: `e${backend.activity.length}`, kind: 'data-downloaded', label: activityLabels['data-downloaded'], at: SAVED_AT, device: 'Firefox on Linux' }, ...backend.activity];
    const archive = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    return new HttpResponse(archive, {
      headers: { 'Content-Type': 'application/zip', 'Content-Length': String(archive.byteLength), 'Content-Disposition': 'attachment; filename="seva-data-2026-11-21.zip"' },
    });
  }),
  http.post('*/api/account/password', async ({ request }) => {
    wearer();
    const input = parseBody(changePasswordSchema, await request.json());
    if (input.currentPassword !== STAND_IN_PASSWORD) throw refusal(400, messages.invalidPassword, 'currentPassword');
    const signedOut = input.signOutOthers ? backend.sessions.filter((s) => !s.current).length : 0;
    if (input.signOutOthers) backend.sessions = backend.sessions.filter((s) => s.current);
    return HttpResponse.json({ signedOut, unpaired: 0, message: passwordChangedMessage(signedOut, 0) });
  }),
  http.post('*/api/account/delete', async ({ request }) => {
    wearer();
    const { password } = parseBody(deleteAccountSchema, await request.json());
    if (password !== STAND_IN_PASSWORD) throw refusal(403, messages.invalidPassword, 'password');
    backend.user = null;
    return HttpResponse.json({ message: accountMessages.accountDeleted });
  }),

  // helpers (issue #18): the wearer's list, the invitation link, the helper's sign-in and own account.
  http.get('*/api/helpers', () => {
    wearer();
    return HttpResponse.json({ helpers: backend.helpers });
  }),
  http.post('*/api/helpers', async ({ request }) => {
    const user = wearer();
    const input = parseBody(inviteHelperSchema, await request.json());
    if (backend.helpers.length >= MAX_HELPERS) throw refusal(409, helperMessages.tooMany);
    if (input.email.toLowerCase() === user.email.toLowerCase()) throw refusal(409, helperMessages.ownAddress, 'email');
    if (backend.helpers.some((h) => h.email.toLowerCase() === input.email.toLowerCase())) throw refusal(409, alreadyHelping(input.email), 'email');
    const helper: HelperSummary = { id: crypto.randomUUID(), name: input.name, email: input.email, status: 'invited', invitedAt: SAVED_AT, acceptedAt: null };
    backend.helpers = [...backend.helpers, helper];
    return HttpResponse.json({ helper }, { status: 201 });
  }),
  http.delete('*/api/helpers/:id', ({ params }) => {
    wearer();
    const helper = backend.helpers.find((h) => h.id === params.id);
    if (!helper) throw refusal(404, helperMessages.helperNotFound);
    backend.helpers = backend.helpers.filter((h) => h !== helper);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/helper-invitations/inspect', async ({ request }) => {
    const { token } = parseBody(invitationTokenSchema, await request.json());
    return HttpResponse.json(invitation(token).summary);
  }),
  http.post('*/api/helper-invitations/decline', async ({ request }) => {
    const { token } = parseBody(invitationTokenSchema, await request.json());
    invitation(token).refusal = helperMessages.invitationDeclined;
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/helper-invitations/accept', async ({ request }) => {
    const body = parseBody(acceptInvitationSchema, await request.json());
    const found = invitation(body.token);
    const { summary } = found;
    if (summary.hasAccount) {
      parseBody(existingHelperAccountFormSchema, { password: body.password });
      if (body.password !== STAND_IN_HELPER_PASSWORD) throw refusal(401, messages.invalidCredentials, 'password');
    } else {
      parseBody(newHelperAccountFormSchema, { name: body.name, password: body.password, confirmPassword: body.confirmPassword });
    }
    found.refusal = helperMessages.invitationUsed;
    const wearerUser = aUser({ uid: 'w-accepted', username: summary.wearer.username, email: 'wearer@example.com' });
    backend.wearers = [...backend.wearers, wearerUser];
    const name = summary.hasAccount ? summary.helperName : (body.name ?? '').trim();
    signInHelper({ id: 'h1', name, email: summary.email, wearers: [...(backend.helper?.wearers ?? []), { id: wearerUser.uid, username: wearerUser.username }] });
    return HttpResponse.json(sessionAnswer());
  }),
  http.post('*/api/auth/helper/sign-in', async ({ request }) => {
    const input = parseBody(helperSignInSchema, await request.json());
    const helper = backend.helperAccount;
    if (!helper || helper.email !== input.email || input.password !== STAND_IN_HELPER_PASSWORD) throw refusal(401, messages.invalidCredentials);
    signInHelper(helper);
    return HttpResponse.json(sessionAnswer());
  }),
  http.post('*/api/auth/helper/forgot-password', async ({ request }) => {
    parseBody(resetRequestSchema, await request.json());
    return HttpResponse.json({});
  }),
  http.post('*/api/auth/helper/reset-password', async ({ request }) => {
    const input = parseBody(newPasswordSchema, await request.json());
    if (input.token !== 'good-reset-token') throw refusal(400, messages.linkInvalid);
    return HttpResponse.json({});
  }),
  http.post('*/api/helper/acting-for', async ({ request }) => {
    const helper = signedInHelper();
    const { wearerId } = parseBody(actingForSchema, await request.json());
    const chosen = helper.wearers.find((w) => w.id === wearerId);
    if (!chosen) throw refusal(403, helperMessages.notYourWearer);
    const { ended: _ended, ...rest } = helper;
    backend.helper = { ...rest, actingFor: chosen };
    backend.user = backend.wearers.find((w) => w.uid === chosen.id) ?? null;
    return HttpResponse.json(sessionAnswer());
  }),
  http.put('*/api/helper/password', async ({ request }) => {
    signedInHelper();
    const input = parseBody(changeHelperPasswordSchema, await request.json());
    if (input.currentPassword !== STAND_IN_HELPER_PASSWORD) throw refusal(403, messages.invalidPassword, 'currentPassword');
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete('*/api/helper/wearers/:wearerId', ({ params }) => {
    const helper = signedInHelper();
    if (!helper.wearers.some((w) => w.id === params.wearerId)) throw refusal(404, helperMessages.notYourWearer);
    const wearers = helper.wearers.filter((w) => w.id !== params.wearerId);
    const stillActing = helper.actingFor && helper.actingFor.id !== params.wearerId ? helper.actingFor : null;
    backend.helper = { ...helper, wearers, actingFor: stillActing };
    if (!stillActing) backend.user = null;
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete('*/api/helper/account', async ({ request }) => {
    signedInHelper();
    const { password } = parseBody(deleteAccountSchema, await request.json());
    if (password !== STAND_IN_HELPER_PASSWORD) throw refusal(403, messages.invalidPassword, 'password');
    backend.helper = null;
    backend.user = null;
    return new HttpResponse(null, { status: 204 });
  }),
];

export const server = setupServer(...handlers);

/** What a request carried, read from a copy so the handler can still read it. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.clone().json();
  if (type.includes('multipart/form-data')) return Object.fromEntries(await request.clone().formData());
  return undefined;
}

server.events.on('request:start', async ({ request }) => {
  const entry: SentRequest = { method: request.method, path: new URL(request.url).pathname, body: undefined };
  log.push(entry);
  entry.body = await bodyOf(request);
});

/** Back to a signed-in user with no faces, contacts or glasses, the test's own answers and the log cleared. */
export function resetStandInServer(): void {
  server.resetHandlers();
  Object.assign(backend, fresh());
  log.length = 0;
}
