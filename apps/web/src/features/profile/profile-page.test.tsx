import { messages, profileMessages, USERNAME_MAX } from '@seva/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { IDENTITY_QR_IMAGE } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { refusal, sent, server } from '../../testing/stand-in-server.ts';
import { DRAFT_RESTORED, ProfilePage } from './profile-page.tsx';

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
/** The screen's own status region (the sections' come after it). */
const status = () => screen.getAllByRole('status')[0]!;

describe('ProfilePage', () => {
  it('announces loading, then shows the record and the identity QR', async () => {
    renderPage();
    expect(status()).toHaveTextContent('Loading your profile...');
    const qr = await screen.findByRole('img', { name: 'Identity QR code for license ID SEVA-1234. It encodes: ID:SEVA-1234,Email:robin@example.com,Version:1.0' });
    expect(qr).toHaveAttribute('src', IDENTITY_QR_IMAGE);
    expect(status()).toBeEmptyDOMElement();
    expect(valueOf('Username')).toHaveTextContent('Robin');
    expect(valueOf('Email')).toHaveTextContent('robin@example.com');
    expect(valueOf('License ID')).toHaveTextContent('SEVA-1234');
    expect(valueOf('Security clearance')).toHaveTextContent('Level 1');
    expect(screen.getAllByRole('button', { name: /^Edit/ }).map((b) => b.textContent)).toEqual(['Edit username', 'Edit phone']);
  });

  it('edits the username: focus moves in, then to what the row says, the value is trimmed, and the session is read again', async () => {
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
    // Said in the username's row, where the editor was, and focused, as the editor has closed (D-077).
    await focusedResultIn(valueOf('Username'), 'Username updated successfully.');
    expect(sent('PATCH', '/api/profile')).toEqual([{ username: 'Asha Rao' }]);
    expect(valueOf('Username')).toHaveTextContent('Asha Rao');
    expect(sent('GET', '/api/auth/session')).toHaveLength(1);
    expect(screen.getByText('Signed in as Asha Rao')).toBeInTheDocument();
  });

  describe('what a save did (D-077)', () => {
    afterEach(() => vi.useRealTimers());

    it('stays in the row past 3 seconds, focused, until the next action: editing again, or another section’s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { events } = renderPage();
      await events.click(await screen.findByRole('button', { name: 'Edit username' }));
      await events.type(screen.getByRole('textbox', { name: 'New username' }), 'x{Enter}');
      const result = await focusedResultIn(valueOf('Username'), 'Username updated successfully.');

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(result).toBeInTheDocument();
      expect(result).toHaveFocus();

      await events.click(screen.getByRole('button', { name: 'Edit phone' }));
      expect(screen.queryByRole('heading', { name: 'Username updated successfully.' })).toBeNull();
    });
  });

  it('reads the phone back grouped, as a link that calls it', async () => {
    renderPage();
    const link = await within(await waitFor(() => valueOf('Phone'))).findByRole('link', { name: '+1 202 555 0123' });
    expect(link).toHaveAttribute('href', 'tel:+12025550123');
  });

  it('edits the phone with the country list: the rule, cancel (button or Escape) restores the value and focus', async () => {
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByRole('textbox', { name: 'New phone number' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Format: +1234567890');
    expect(input).toHaveValue('202 555 0123');
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('USA (+1)');
    await events.clear(input);
    await events.type(input, '202555012');
    await events.click(screen.getByRole('button', { name: 'Save phone' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/Please enter exactly 10 digits for USA$/);
    await events.clear(input);
    await events.type(input, '202-555-O123');
    expect(input).toHaveAccessibleDescription(/Please enter a valid phone number\.$/);

    await events.click(screen.getByRole('button', { name: 'Cancel phone edit' }));
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
    expect(valueOf('Phone')).toHaveTextContent('+1 202 555 0123');

    await events.keyboard('{Enter}');
    await events.type(screen.getByRole('textbox', { name: 'New phone number' }), '99{Escape}');
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
    expect(valueOf('Phone')).toHaveTextContent('+1 202 555 0123');
    expect(sent('PATCH', '/api/profile')).toEqual([]);
  });

  it('saves a UK number typed as at home as +447700900123', async () => {
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit phone' }));
    await events.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+44');
    const input = screen.getByRole('textbox', { name: 'New phone number' });
    await events.clear(input);
    await events.type(input, '07700 900123');
    expect(input).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);
    await events.keyboard('{Enter}');
    await focusedResultIn(valueOf('Phone'), 'Phone updated successfully.');
    expect(sent('PATCH', '/api/profile')).toEqual([{ phone: '+447700900123' }]);
    expect(valueOf('Phone')).toHaveTextContent('+44 7700 900123');
  });

  it('says a save failed and keeps the edit open', async () => {
    server.use(http.patch('*/api/profile', () => refusal(500, messages.serverError)));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByRole('textbox', { name: 'New phone number' });
    await events.clear(input);
    await events.type(input, '(202) 555-0199{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update phone. Please try again.'));
    expect(input).toHaveValue('(202) 555-0199');
    expect(valueOf('Phone')).toContainElement(input);
  });

  it('keeps an edit whose save found the session ended, and opens it again after signing in', async () => {
    server.use(http.patch('*/api/profile', () => refusal(401, messages.signInRequired)));
    const first = renderPage();
    await first.events.click(await screen.findByRole('button', { name: 'Edit username' }));
    const input = screen.getByRole('textbox', { name: 'New username' });
    await first.events.clear(input);
    await first.events.type(input, 'Robin Hood{Enter}');
    await waitFor(() => expect(sessionStorage.getItem('seva:draft:/profile')).not.toBeNull());
    expect(input).toHaveValue('Robin Hood');
    first.unmount();

    server.resetHandlers();
    const again = renderPage();
    expect(await screen.findByRole('textbox', { name: 'New username' })).toHaveValue('Robin Hood');
    expect(status()).toHaveTextContent(DRAFT_RESTORED);
    await again.events.click(screen.getByRole('button', { name: 'Save username' }));
    await focusedResultIn(valueOf('Username'), 'Username updated successfully.');
    expect(sessionStorage.getItem('seva:draft:/profile')).toBeNull();
  });

  it('signs out from the profile, and /login says so', async () => {
    const { events, router } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.state).toEqual({ notice: 'You have signed out.' });
    expect(sent('POST', '/api/auth/sign-out')).toHaveLength(1);
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
