import { helperMessages, messages } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { useLoginStateFor, useSignedIn, useSignInPage } from '../../lib/session.ts';
import { aHelperSession, aUser } from '../../testing/fixtures.ts';
import { errorSummary, summaryLinks } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server, STAND_IN_HELPER_PASSWORD } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';

/** Stands in for the route guard: where it would send the visitor once nobody is signed in, and what that page says. */
function GuardNotice() {
  const signedIn = useSignedIn();
  const login = useLoginStateFor(paths.profile);
  const to = useSignInPage();
  return signedIn.data === null ? (
    <p>
      To {to}: {login.notice}
    </p>
  ) : null;
}

describe("a helper's own /profile", () => {
  beforeEach(() => {
    const robin = aUser();
    const kim = aUser({ uid: 'u2', username: 'Kim', email: 'kim@example.com' });
    backend.wearers = [robin, kim];
    backend.helper = aHelperSession([robin, kim]);
  });

  it("shows the helper's name and e-mail and whom they help, and nothing of the wearer's account", async () => {
    renderWithProviders(<ProfilePage />, { route: paths.profile });
    const account = screen.getByRole('region', { name: 'Your helper account' });
    expect(account).toHaveTextContent('Sam Patel');
    expect(account).toHaveTextContent('sam@example.com');
    const helping = screen.getByRole('region', { name: 'People you help' });
    expect(within(helping).getAllByRole('button').map((b) => b.textContent)).toEqual(['Stop helping Robin', 'Stop helping Kim']);
    for (const name of ['Helpers', 'Paired glasses', 'Signed-in browsers', 'Your data', 'Account details']) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Edit|Download my data|Delete my account$/ })).not.toBeInTheDocument();
    // Nothing wearer-only is even asked for.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument());
    expect(sent('GET', '/api/profile')).toEqual([]);
    expect(sent('GET', '/api/helpers')).toEqual([]);
  });

  it('changes the password: a wrong current one is said on its field, then the change is confirmed', async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = screen.getByRole('region', { name: 'Change password' });
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
    const current = within(section).getByLabelText('Current password');
    await events.type(current, 'not-it');
    await events.type(within(section).getByLabelText('New password'), 'Fresh-Pine7!Road');
    await events.type(within(section).getByLabelText('Confirm new password'), 'Fresh-Pine7!Road');
    await events.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(messages.invalidPassword));
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(summaryLinks()).toEqual([messages.invalidPassword]);

    await events.clear(current);
    await events.type(current, STAND_IN_HELPER_PASSWORD);
    await events.click(within(section).getByRole('button', { name: 'Change password' }));
    await focusedResultIn(section, helperMessages.passwordChanged);
    expect(current).toHaveValue('');
    // The helper's endpoint takes the three fields only: the wearer's options are not sent.
    expect(sent('PUT', '/api/helper/password').at(-1)).toEqual({ currentPassword: STAND_IN_HELPER_PASSWORD, newPassword: 'Fresh-Pine7!Road', confirmPassword: 'Fresh-Pine7!Road' });
  });

  it("'Stop helping {wearer}' asks first, then the wearer leaves the list and the section says so", async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(screen.getByRole('button', { name: 'Stop helping Kim' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop helping Kim?' });
    expect(dialog).toHaveAccessibleDescription(/We will tell Kim by e-mail/);
    await events.click(within(dialog).getByRole('button', { name: 'Stop helping Kim' }));
    await focusedResultIn(screen.getByRole('region', { name: 'People you help' }), 'You no longer help Kim.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop helping Kim' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Stop helping Robin' })).toBeInTheDocument();
  });

  it('deletes the helper account after the password; the guard then goes to the helpers’ sign-in, which says so', async () => {
    const { events } = renderWithProviders(
      <>
        <GuardNotice />
        <ProfilePage />
      </>,
      { route: paths.profile },
    );
    await events.click(screen.getByRole('button', { name: 'Delete my helper account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your helper account?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    await events.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription(messages.invalidPassword));
    expect(backend.helper).not.toBeNull();

    await events.clear(password);
    await events.type(password, `${STAND_IN_HELPER_PASSWORD}{Enter}`);
    expect(await screen.findByText(`To ${paths.helperSignIn}: ${helperMessages.helperAccountDeleted}`)).toBeInTheDocument();
    expect(backend.helper).toBeNull();
  });

  it("says a refusal that is not the password's in the delete dialog's error summary", async () => {
    server.use(http.delete('*/api/helper/account', () => refusal(500, messages.serverError)));
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(screen.getByRole('button', { name: 'Delete my helper account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your helper account?' });
    await events.type(within(dialog).getByLabelText('Password'), `${STAND_IN_HELPER_PASSWORD}{Enter}`);
    await waitFor(() => expect(errorSummary()).toHaveTextContent(messages.serverError));
    expect(errorSummary()).toHaveFocus();
    expect(backend.helper).not.toBeNull();
  });
});
