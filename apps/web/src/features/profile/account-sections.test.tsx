import { accountMessages, EMERGENCY_CALLING_STOPS, messages, type BrowserSession } from '@seva/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { useLoginStateFor, useSession } from '../../lib/session.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { SAVED_AT } from '../../testing/fixtures.ts';
import { errorSummary, summaryLinks } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server, STAND_IN_PASSWORD } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';
import { progressText } from './your-data-section.tsx';

const aSession = (id: string, browser: string, system: string, current = false): BrowserSession => ({
  id,
  browser,
  system,
  signedInAt: SAVED_AT,
  lastActiveAt: LAST_ACTIVE,
  current,
});

const LAST_ACTIVE = '2026-11-22T09:30:00.000Z';
/** Times as the page writes them, in the reader's time zone. */
const at = formatDateTime;

/** Stands in for the route guard: what it would tell /login once nobody is signed in. */
function GuardNotice() {
  const session = useSession();
  const login = useLoginStateFor(paths.profile);
  return session.data === null ? <p>To /login: {login.notice}</p> : null;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Your data, your control on ProfilePage', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the download is handed to the browser through one.
    URL.createObjectURL = vi.fn(() => 'blob:seva-data');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("lists the signed-in browsers, 'This browser' first, and signs another out by a button named with it", async () => {
    backend.sessions = [aSession('s1', 'Firefox', 'Linux', true), aSession('s2', 'Chrome', 'Windows 10'), aSession('s3', 'Safari', 'iOS')];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const browsers = await screen.findByRole('region', { name: 'Signed-in browsers' });
    const items = await within(browsers).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Firefox on Linux', 'Chrome on Windows 10', 'Safari on iOS']);
    expect(items[0]).toHaveTextContent('This browser. Active now.');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent(`Last active ${at(LAST_ACTIVE)}`);

    await events.click(within(browsers).getByRole('button', { name: `Sign out Chrome on Windows 10, last active ${at(LAST_ACTIVE)}` }));
    // Said in the section, below the list, and focused, since the row that held focus is gone (D-077).
    await focusedResultIn(browsers, 'Chrome on Windows 10 signed out. It will need the password to come back.');
    expect(sent('DELETE', '/api/account/sessions/s2')).toHaveLength(1);
    await waitFor(() => expect(within(browsers).queryByText('Chrome on Windows 10')).toBeNull());

    await events.click(within(browsers).getByRole('button', { name: 'Sign out all other browsers' }));
    await focusedResultIn(browsers, '1 other browser signed out.');
    expect(within(browsers).queryByRole('heading', { name: /Chrome on Windows 10 signed out/ })).toBeNull();
    expect(await within(browsers).findByText(accountMessages.noOtherBrowsers)).toBeInTheDocument();
  });

  it('shows the recent activity, each event with its time and browser or glasses', async () => {
    backend.activity = [
      { id: 'e2', kind: 'face-renamed', label: 'Face renamed', at: LAST_ACTIVE, device: 'Kitchen glasses' },
      { id: 'e1', kind: 'signed-in', label: 'Signed in', at: SAVED_AT, device: 'Firefox on Linux' },
    ];
    renderWithProviders(<ProfilePage />, { route: paths.profile });
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    const items = await within(activity).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([`Face renamed ${at(LAST_ACTIVE)}, from Kitchen glasses`, `Signed in ${at(SAVED_AT)}, from Firefox on Linux`]);
  });

  it('says on the button how much of the archive has come', () => {
    expect(progressText(null)).toBe('Downloading…');
    expect(progressText({ received: 512, total: 2048 })).toBe('Downloading… 25%');
    expect(progressText({ received: 3_145_728, total: undefined })).toBe('Downloading… 3.0 MB');
  });

  it('downloads the data: once the whole file has come it is handed to the browser as seva-data-YYYY-MM-DD.zip, and the page says so', async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const button = await within(await screen.findByRole('region', { name: 'Your data' })).findByRole('button', { name: 'Download my data' });
    await events.click(button);
    // Beside the button, which keeps focus: said by the section's live region, and kept there (D-077).
    await waitFor(() => expect(within(section('Your data')).getByRole('status')).toHaveTextContent('Your data has been downloaded as seva-data-2026-11-21.zip.'));
    expect(button).toHaveFocus();
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('seva-data-2026-11-21.zip');
    expect(link.href).toBe('blob:seva-data');
    expect(section('Your data')).toContainElement(screen.getByRole('button', { name: 'Download my data' }));
    // The download is now in the account's activity.
    expect(await within(section('Recent activity')).findByText('Data downloaded')).toBeInTheDocument();    // It says the browser's time zone, in which the download's index.html writes times.
    expect(sent('POST', '/api/account/export')).toEqual([{ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });

  it("asks for the password in an alert dialog that says what is erased; a wrong one gets 'Invalid password', the right one erases and leads to /login", async () => {
    const { events } = renderWithProviders(
      <>
        <GuardNotice />
        <ProfilePage />
      </>,
      { route: paths.profile },
    );
    await events.click(await within(await screen.findByRole('region', { name: 'Your data' })).findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    // Safety first: the glasses stop calling the emergency contacts; then what ends at once and the 14-day restore.
    expect(dialog.querySelector('p')).toHaveTextContent(EMERGENCY_CALLING_STOPS);
    for (const item of ['your glasses are unpaired', 'every signed-in browser is signed out', 'your faces and their photos', 'your emergency contacts']) {
      expect(within(dialog).getByText(item)).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/We keep it 14 days: the e-mail we send you has a 'Restore my account' link/)).toBeInTheDocument();
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());

    await events.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(summaryLinks()).toEqual([messages.passwordRequired]));
    await events.type(password, 'Not-my-password1!');
    await events.keyboard('{Enter}');
    await waitFor(() => expect(summaryLinks()).toEqual([messages.invalidPassword]));
    expect(errorSummary()).toHaveFocus();
    expect(password).toHaveAccessibleDescription(messages.invalidPassword);
    expect(backend.user).not.toBeNull();

    await events.clear(password);
    await events.type(password, `${STAND_IN_PASSWORD}{Enter}`);
    // The tab forgets the account: the route guard sends the user to /login, which says it is deleted.
    expect(await screen.findByText('To /login: Your account has been deleted.')).toBeInTheDocument();
    expect(sent('POST', '/api/account/delete')).toEqual([{ password: 'Not-my-password1!' }, { password: STAND_IN_PASSWORD }]);
  });

  it("says a refusal that is not the password's in the dialog's error summary, as 'Failed to delete your account: …'", async () => {
    server.use(http.post('*/api/account/delete', () => refusal(500, messages.serverError)));
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(await within(await screen.findByRole('region', { name: 'Your data' })).findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await events.type(within(dialog).getByLabelText('Password'), `${STAND_IN_PASSWORD}{Enter}`);
    await waitFor(() => expect(errorSummary()).toHaveTextContent(`Failed to delete your account: ${messages.serverError}`));
    expect(errorSummary()).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).not.toHaveAccessibleDescription(messages.serverError);
    expect(backend.user).not.toBeNull();
  });

  it('Cancel (or Escape) closes the dialog and erases nothing', async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const open = await within(await screen.findByRole('region', { name: 'Your data' })).findByRole('button', { name: 'Delete my account' });
    await events.click(open);
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await events.click(open);
    await screen.findByRole('alertdialog');
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('POST', '/api/account/delete')).toEqual([]);
  });
});

describe("'Change password' on ProfilePage", () => {
  it('asks for the current password and the new one twice, signs the other browsers out by default and says what it did', async () => {
    backend.sessions = [aSession('s1', 'Firefox', 'Linux', true), aSession('s2', 'Chrome', 'Windows 10')];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const change = await screen.findByRole('region', { name: 'Change password' });
    expect(within(change).getByRole('checkbox', { name: 'Sign out every other browser' })).toBeChecked();
    expect(within(change).getByRole('checkbox', { name: /Unpair all my glasses too/ })).not.toBeChecked();
    expect(within(change).getByRole('button', { name: 'Show current password' })).toBeInTheDocument();

    await events.type(within(change).getByLabelText('Current password'), 'Not-my-password1!');
    await events.type(within(change).getByLabelText('New password'), 'Violet-Harbour7&Kite');
    await events.type(within(change).getByLabelText('Confirm new password'), 'Violet-Harbour7&Kite');
    await events.click(within(change).getByRole('button', { name: 'Change password' }));
    const summary = await within(change).findByRole('group', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(messages.invalidPassword);
    await waitFor(() => expect(summary).toHaveFocus());

    await events.clear(within(change).getByLabelText('Current password'));
    await events.type(within(change).getByLabelText('Current password'), STAND_IN_PASSWORD);
    await events.click(within(change).getByRole('button', { name: 'Change password' }));
    await focusedResultIn(change, 'Your password has been changed. 1 other browser signed out.');
    expect(sent('POST', '/api/account/password').at(-1)).toEqual({
      currentPassword: STAND_IN_PASSWORD,
      newPassword: 'Violet-Harbour7&Kite',
      confirmPassword: 'Violet-Harbour7&Kite',
      signOutOthers: true,
      unpairGlasses: false,
    });
    expect(within(change).getByLabelText('Current password')).toHaveValue('');
  });
  describe('what the change did (D-077)', () => {
    afterEach(() => vi.useRealTimers());

    it('is said below the emptied form and focused, stays past 3 seconds, and goes as the user types again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
      const change = await screen.findByRole('region', { name: 'Change password' });
      await events.type(within(change).getByLabelText('Current password'), STAND_IN_PASSWORD);
      await events.type(within(change).getByLabelText('New password'), 'Violet-Harbour7&Kite');
      await events.type(within(change).getByLabelText('Confirm new password'), 'Violet-Harbour7&Kite');
      await events.click(within(change).getByRole('button', { name: 'Change password' }));

      const result = await focusedResultIn(change, accountMessages.passwordChanged);
      expect(within(change).getByRole('button', { name: 'Change password' }).compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // Not in the screen's status region at the top of the page.
      expect(screen.getAllByRole('status').filter((region) => region.textContent)).toEqual([]);

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(result).toBeInTheDocument();
      expect(result).toHaveFocus();

      await events.type(within(change).getByLabelText('Current password'), 'V');
      expect(within(change).queryByRole('heading', { level: 3 })).toBeNull();
    });
  });
});
