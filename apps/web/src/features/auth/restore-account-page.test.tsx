import { accountMessages, messages } from '@seva/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { refusal, server } from '../../testing/stand-in-server.ts';
import { RestoreAccountPage } from './restore-account-page.tsx';

describe('RestoreAccountPage', () => {
  it("restores only on 'Restore my account', then says so with focus on its heading and leads to sign in", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/auth/restore-account', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: accountMessages.accountRestored });
      }),
    );
    const { events } = renderWithProviders(<RestoreAccountPage />, { route: paths.restoreAccount, search: '?token=abc', signedIn: false });
    const button = await screen.findByRole('button', { name: 'Restore my account' });
    expect(sent).toEqual([]);
    await events.click(button);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account is back' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(accountMessages.accountRestored);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', paths.login);
    expect(sent).toEqual([{ token: 'abc' }]);
  });

  it('says why a link cannot restore', async () => {
    server.use(http.post('*/api/auth/restore-account', () => refusal(400, messages.linkInvalid)));
    const { events } = renderWithProviders(<RestoreAccountPage />, { route: paths.restoreAccount, search: '?token=used', signedIn: false });
    await events.click(await screen.findByRole('button', { name: 'Restore my account' }));
    await waitFor(() => expect(screen.getAllByText(messages.linkInvalid).length).toBeGreaterThan(0));
  });

  it('offers no button when the link has no token', async () => {
    renderWithProviders(<RestoreAccountPage />, { route: paths.restoreAccount, signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Restore your account' })).toBeInTheDocument();
    expect(screen.getAllByText(messages.linkInvalid).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Restore my account' })).toBeNull();
  });
});
