import {
  deleteAccountSchema,
  messages,
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
  resetRequestSchema,
  type HelperSessionInfo,
  type HelperSummary,
} from '@seva/shared';
import { http, HttpResponse } from 'msw';
import { backend, parseBody, refusal, sessionAnswer, signedInHelper, wearer, type StandInInvitation } from './stand-in-backend.ts';
import { aUser, SAVED_AT } from './fixtures.ts';

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

/** helpers (issue #18): the wearer's list, the invitation link, the helper's sign-in and own account. */
export const helperHandlers = [
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
