import { helperMay, helperMayNot, helperMessages, messages } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, sent, STAND_IN_HELPER_PASSWORD } from '../../testing/stand-in-server.ts';
import { AcceptInvitationPage } from './accept-invitation-page.tsx';

const invite = (token: string, hasAccount: boolean, refusal?: string) => {
  backend.invitations[token] = { summary: { wearer: { username: 'Robin' }, helperName: 'Sam', email: 'sam@example.com', hasAccount }, ...(refusal ? { refusal } : {}) };
};
const open = (token: string) => renderWithProviders(<AcceptInvitationPage />, { route: paths.helperAccept, search: `?token=${token}`, signedIn: false });

describe('/helper/accept', () => {
  it('says whom the helper will help and what they can and cannot do; a new helper sets a name and password under the rules and lands on /dashboard', async () => {
    backend.user = null;
    invite('new-one', false);
    const { events, router, client } = open('new-one');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Help Robin with their SEVA glasses' });
    await waitFor(() => expect(heading).toHaveFocus());
    const may = screen.getByRole('heading', { level: 2, name: helperMessages.youCanHeading }).nextElementSibling!;
    expect(within(may as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...helperMay]);
    const mayNot = screen.getByRole('heading', { level: 2, name: helperMessages.youCannotHeading }).nextElementSibling!;
    expect(within(mayNot as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...helperMayNot]);

    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Sam');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' });
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument();

    await events.type(password, 'weak');
    await events.type(confirm, 'other');
    await events.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(new RegExp(messages.passwordHint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    expect(sent('POST', '/api/helper-invitations/accept')).toEqual([]);

    await events.clear(password);
    await events.type(password, 'Fresh-Pine7!Road');
    await events.clear(confirm);
    await events.type(confirm, 'Fresh-Pine7!Road');
    await events.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(sent('POST', '/api/helper-invitations/accept')).toEqual([{ token: 'new-one', name: 'Sam', password: 'Fresh-Pine7!Road', confirmPassword: 'Fresh-Pine7!Road' }]);
    expect(client.getQueryData(sessionQueryKey)).toMatchObject({ user: { username: 'Robin' }, helper: { name: 'Sam', actingFor: { username: 'Robin' } } });
  }, 20_000);

  it('asks a helper who has an account only for its password; a wrong one is refused', async () => {
    invite('known', true);
    const { events, router } = open('known');
    await screen.findByRole('heading', { level: 1, name: 'Help Robin with their SEVA glasses' });
    expect(screen.queryByRole('textbox', { name: 'Your name' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password', { selector: 'input' })).not.toBeInTheDocument();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    await events.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription(messages.invalidCredentials));
    await events.clear(password);
    await events.type(password, `${STAND_IN_HELPER_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it("'Decline' ends the invitation and says so", async () => {
    invite('declining', false);
    const { events } = open('declining');
    await events.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation declined' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(helperMessages.declined);
    expect(backend.invitations.declining!.refusal).toBe(helperMessages.invitationDeclined);
  });

  it.each([
    ['a used link', 'used', helperMessages.invitationUsed],
    ['a cancelled link', 'cancelled', helperMessages.invitationCancelled],
    ['an expired link', 'expired', helperMessages.invitationExpired],
    ['an unknown link', 'forged', helperMessages.invitationInvalid],
  ])('says plainly that %s cannot be used, and offers no form', async (_what, token, message) => {
    if (token !== 'forged') invite(token, false, message);
    open(token);
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as a helper' })).toHaveAttribute('href', paths.helperSignIn);
  });
});
