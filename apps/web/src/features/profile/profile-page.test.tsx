import { profileEditSchema, type SessionUser } from '@seva/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionQueryKey, useSession } from '../../lib/session.ts';
import { ProfilePage } from './profile-page.tsx';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
let stored: SessionUser;
let patches: unknown[] = [];
let sessionReads = 0;

const server = setupServer(
  http.get('*/api/profile', () => HttpResponse.json({ user: stored })),
  // The real rule, so the screen and this stand-in server agree as the real ones do.
  http.patch('*/api/profile', async ({ request }) => {
    const body = await request.json();
    patches.push(body);
    const parsed = profileEditSchema.safeParse(body);
    if (!parsed.success) return HttpResponse.json({ message: parsed.error.issues[0]?.message }, { status: 400 });
    stored = { ...stored, ...parsed.data };
    return HttpResponse.json({ user: stored, message: 'updated' });
  }),
  http.get('*/api/auth/session', () => {
    sessionReads += 1;
    return HttpResponse.json({ user: { ...stored, QRCode: null } });
  }),
  http.post('*/api/auth/sign-out', () => new HttpResponse(null, { status: 204 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stored = {
    uid: 'u1',
    username: 'Robin',
    email: 'robin@example.com',
    phone: '+12025550123',
    license_id: 'SEVA-1234',
    role: 'user',
    accessLevel: 1,
    isVerified: true,
    isLoggedIn: true,
    createdAt: '2026-11-21T10:00:00.000Z',
    lastLoginTime: null,
    lastLoginDevice: null,
    QRCode: QR,
    version: '1.0',
  };
  patches = [];
  sessionReads = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Stands in for the rest of the app: what the session says of the user. */
function SessionName() {
  return <p>Signed in as {useSession().data?.username}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(sessionQueryKey, { ...stored, QRCode: null });
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            <SessionName />
            <ProfilePage />
          </>
        ),
      },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router, events: userEvent.setup() };
}

/** The value shown for a term of the details list. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('ProfilePage', () => {
  it('announces loading, then shows the record and the identity QR', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
    const qr = await screen.findByRole('img', { name: 'Identity QR code for license ID SEVA-1234. It encodes: ID:SEVA-1234,Email:robin@example.com,Version:1.0' });
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(valueOf('Username')).toHaveTextContent('Robin');
    expect(valueOf('Email')).toHaveTextContent('robin@example.com');
    expect(valueOf('License ID')).toHaveTextContent('SEVA-1234');
    expect(valueOf('Security clearance')).toHaveTextContent('Level 1');
    expect(screen.getAllByRole('button', { name: /^Edit/ }).map((b) => b.textContent)).toEqual(['Edit username', 'Edit phone']);
  });

  it('edits the username: focus moves in and back, the value is trimmed, and the session is read again', async () => {
    const { events } = renderPage();
    expect(screen.getByText('Signed in as Robin')).toBeInTheDocument();
    await events.click(await screen.findByRole('button', { name: 'Edit username' }));
    const input = screen.getByRole('textbox', { name: 'New username' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Robin');

    await events.clear(input);
    await events.type(input, ' ab {Enter}');
    await waitFor(() => expect(input).toHaveAccessibleDescription('At least 3 characters. Username must be at least 3 characters.'));
    expect(patches).toEqual([]);

    await events.clear(input);
    await events.type(input, '  Asha Rao  {Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Username updated successfully.'));
    expect(patches).toEqual([{ username: 'Asha Rao' }]);
    expect(screen.getByRole('button', { name: 'Edit username' })).toHaveFocus();
    expect(valueOf('Username')).toHaveTextContent('Asha Rao');
    expect(sessionReads).toBe(1);
    expect(screen.getByText('Signed in as Asha Rao')).toBeInTheDocument();
  });

  it('checks the phone pattern, and cancel (button or Escape) restores the value and focus', async () => {
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByRole('textbox', { name: 'New phone' });
    expect(input).toHaveAttribute('placeholder', 'Format: +1234567890');
    await events.clear(input);
    await events.type(input, '2025550123');
    await events.click(screen.getByRole('button', { name: 'Save phone' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/Please enter a valid phone number\.$/);

    await events.click(screen.getByRole('button', { name: 'Cancel phone edit' }));
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
    expect(valueOf('Phone')).toHaveTextContent('+12025550123');

    await events.keyboard('{Enter}');
    await events.type(screen.getByRole('textbox', { name: 'New phone' }), '99{Escape}');
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
    expect(valueOf('Phone')).toHaveTextContent('+12025550123');
    expect(patches).toEqual([]);
  });

  it('says a save failed and keeps the edit open', async () => {
    server.use(http.patch('*/api/profile', () => HttpResponse.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 })));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByRole('textbox', { name: 'New phone' });
    await events.clear(input);
    await events.type(input, '+44 20 7946 0958{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update phone. Please try again.'));
    expect(input).toHaveValue('+44 20 7946 0958');
    expect(valueOf('Phone')).toContainElement(input);
  });

  it('puts a refusal the server pins on the field beside it', async () => {
    server.use(http.patch('*/api/profile', () => HttpResponse.json({ message: 'Maximum 50 characters', field: 'username' }, { status: 400 })));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit username' }));
    await events.type(screen.getByRole('textbox', { name: 'New username' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New username' })).toHaveAccessibleDescription(/Maximum 50 characters$/));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    [404, 'User profile not found.'],
    [500, 'Failed to load profile data.'],
  ])('a load answered %i shows %j and RETURN TO LOGIN signs out', async (statusCode, message) => {
    server.use(http.get('*/api/profile', () => HttpResponse.json({ message: 'x' }, { status: statusCode })));
    const { router, events } = renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(within(screen.getByRole('alert')).queryByRole('button')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'RETURN TO LOGIN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
