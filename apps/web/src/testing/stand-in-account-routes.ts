import {
  accountMessages,
  activityLabels,
  browserDescription,
  contactMessages,
  changePasswordSchema,
  deleteAccountSchema,
  passwordChangedMessage,
  messages,
  profileEditSchema,
  profileUpdatedMessage,
  saveContactsSchema,
  type ContactInput,
  type EmergencyContact,
  signedOutBrowserMessage,
  signedOutOthersMessage,
} from '@seva/shared';
import { http, HttpResponse } from 'msw';
import { backend, parseBody, refusal, STAND_IN_PASSWORD, sessionAnswer, signedInUser, wearer } from './stand-in-backend.ts';
import { SAVED_AT } from './fixtures.ts';

const contactEntry = (c: ContactInput, isPrimary: boolean): EmergencyContact => ({
  name: c.name,
  country_code: c.countryCode,
  phone_number: c.phoneNumber,
  is_primary: isPrimary,
  timestamp: SAVED_AT,
});

/** The account's own routes: session, support, profile, contacts, and the account and its activity. */
export const accountHandlers = [
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
];
