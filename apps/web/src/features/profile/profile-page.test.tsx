import { messages, profileMessages, USERNAME_MAX } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { IDENTITY_QR_IMAGE } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { refusal, sent, server } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';

/** Stands in for the rest of the app: what the session says of the user. */
function SessionName() {
  return <p>Signed in as {useSession().data?.username}</p>;
}

const renderPage = () =>
  renderWithProviders(
    <>
      <SessionName />
      <ProfilePage />
    </>,
    { route: paths.profile },
  );

/** The value shown for a term of the details list. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('ProfilePage', () => {
  it('announces loading, then shows the record and the identity QR', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
    const qr = await screen.findByRole('img', { name: 'Identity QR code for license ID SEVA-1234. It encodes: ID:SEVA-1234,Email:robin@example.com,Version:1.0' });
    expect(qr).toHaveAttribute('src', IDENTITY_QR_IMAGE);
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
    expect(sent('PATCH', '/api/profile')).toEqual([]);

    await events.clear(input);
    await events.type(input, '  Asha Rao  {Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Username updated successfully.'));
    expect(sent('PATCH', '/api/profile')).toEqual([{ username: 'Asha Rao' }]);
    expect(screen.getByRole('button', { name: 'Edit username' })).toHaveFocus();
    expect(valueOf('Username')).toHaveTextContent('Asha Rao');
    expect(sent('GET', '/api/auth/session')).toHaveLength(1);
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
    expect(sent('PATCH', '/api/profile')).toEqual([]);
  });

  it('says a save failed and keeps the edit open', async () => {
    server.use(http.patch('*/api/profile', () => refusal(500, messages.serverError)));
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
    server.use(http.patch('*/api/profile', () => refusal(400, messages.maximumLength(USERNAME_MAX), 'username')));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit username' }));
    await events.type(screen.getByRole('textbox', { name: 'New username' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New username' })).toHaveAccessibleDescription(/Maximum 50 characters$/));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    [404, 'User profile not found.', profileMessages.notFound],
    [500, 'Failed to load profile data.', messages.serverError],
  ])('a load answered %i shows %j and RETURN TO LOGIN signs out', async (statusCode, message, answer) => {
    server.use(http.get('*/api/profile', () => refusal(statusCode, answer)));
    const { router, events } = renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(within(screen.getByRole('alert')).queryByRole('button')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'RETURN TO LOGIN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(sent('POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});
