import { messages } from '@seva/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { errorSummary } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { sent } from '../../testing/stand-in-server.ts';
import { HelperForgotPasswordPage } from './helper-forgot-password-page.tsx';
import { HelperResetPasswordPage } from './helper-reset-password-page.tsx';

const NEW_PASSWORD = 'Fresh-Pine7!Road';

describe('/helper/forgot-password', () => {
  it('asks for a reset link for the address and says what was sent, with the way back to the helpers’ sign-in', async () => {
    const { events } = renderWithProviders(<HelperForgotPasswordPage />, { route: paths.helperForgotPassword, signedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your helper password' })).toBeInTheDocument();
    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If sam@example.com has a helper account, we sent it a password reset link. The link works once and expires in 1 hour.');
    expect(screen.getByRole('link', { name: 'Back to helper sign-in' })).toHaveAttribute('href', paths.helperSignIn);
    expect(sent('POST', '/api/auth/helper/forgot-password')).toEqual([{ email: 'sam@example.com' }]);
  });
});

describe('/helper/reset-password', () => {
  async function chooseNewPassword(events: ReturnType<typeof renderWithProviders>['events']) {
    await events.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await events.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await events.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('saves the new password without the wearer’s glasses option, then leads to the helpers’ sign-in', async () => {
    const { events } = renderWithProviders(<HelperResetPasswordPage />, { route: paths.helperResetPassword, search: '?token=good-reset-token', signedIn: false });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await chooseNewPassword(events);
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed. You can now sign in as a helper.');
    expect(screen.getByRole('link', { name: 'Go to helper sign-in' })).toHaveAttribute('href', paths.helperSignIn);
    expect(sent('POST', '/api/auth/helper/reset-password')).toEqual([{ token: 'good-reset-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }]);
  });

  it('says a refused link in the error summary, beside the way to ask for a new one', async () => {
    const { events } = renderWithProviders(<HelperResetPasswordPage />, { route: paths.helperResetPassword, search: '?token=used-token', signedIn: false });
    await chooseNewPassword(events);
    await waitFor(() => expect(errorSummary()).toHaveTextContent(messages.linkInvalid));
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', paths.helperForgotPassword);
  });

  it('says a link without its token cannot be used before anything is typed', () => {
    renderWithProviders(<HelperResetPasswordPage />, { route: paths.helperResetPassword, signedIn: false });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.linkInvalid);
  });
});
