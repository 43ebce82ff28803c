import { messages } from '@seva/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aHelperSession, aUser } from '../../testing/fixtures.ts';
import { errorSummary } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, sent, STAND_IN_HELPER_PASSWORD } from '../../testing/stand-in-server.ts';
import { HelperSignInPage } from './helper-sign-in-page.tsx';

/** A helper account the stand-in knows, nobody signed in. */
function helperAccount(wearers = [aUser()]) {
  backend.wearers = wearers;
  backend.helperAccount = aHelperSession(wearers);
  backend.user = null;
}

describe('/helper/sign-in', () => {
  it("signs a helper in with 'Email' and 'Password' and goes to /dashboard; wrong ones are refused", async () => {
    helperAccount();
    const { events, router } = renderWithProviders(<HelperSignInPage />, { route: paths.helperSignIn, signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in as a helper' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(messages.emailRequired));
    expect(sent('POST', '/api/auth/helper/sign-in')).toEqual([]);

    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong{Enter}');
    await waitFor(() => expect(errorSummary()).toHaveTextContent(messages.invalidCredentials));
    expect(errorSummary()).toHaveFocus();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    await events.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), `${STAND_IN_HELPER_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  }, 20_000);

  it('sends a helper of several wearers to choose whom to help', async () => {
    helperAccount([aUser(), aUser({ uid: 'u2', username: 'Kim' })]);
    const { events, router } = renderWithProviders(<HelperSignInPage />, { route: paths.helperSignIn, signedIn: false });
    await events.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), `${STAND_IN_HELPER_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.helperChoose));
  });

  it('leads to the password reset for helpers and back to the wearers’ sign-in', async () => {
    helperAccount();
    renderWithProviders(<HelperSignInPage />, { route: paths.helperSignIn, signedIn: false });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', paths.helperForgotPassword);
    expect(screen.getByRole('link', { name: 'Sign in with your license ID' })).toHaveAttribute('href', paths.login);
  });
});
