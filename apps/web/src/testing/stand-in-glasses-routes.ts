import {
  accountLabel,
  DEFAULT_GLASSES_SCOPES,
  deleteFaceSchema,
  deviceMessages,
  duplicateFaceNameMessage,
  faceMessages,
  faceNameKey,
  formatUserCode,
  listFacesSchema,
  messages,
  pairingAllowSchema,
  pairingCodeSchema,
  scopeWords,
  renameFaceSchema,
  type FaceSummary,
  type PairedDevice,
  type PendingPairing,
  type SessionUser,
} from '@seva/shared';
import { http, HttpResponse } from 'msw';
import { backend, parseBody, refusal, STAND_IN_PASSWORD, signedInUser, wearer, type StandInPairing } from './stand-in-backend.ts';
import { SAVED_AT } from './fixtures.ts';

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

/** The glasses' data on the web: faces, pairing on /pair and the paired glasses on /profile. */
export const glassesHandlers = [
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
    const user = wearer();
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
      account: accountLabel(user.username, user.email),
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
];
