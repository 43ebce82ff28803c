import { DEFAULT_GLASSES_SCOPES, deviceMessages, EMERGENCY_CALLING_STOPS, scopeWords } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { aDevice } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';
import { unpairFailedMessage } from './unpair-glasses-dialog.tsx';

const section = () => screen.findByRole('region', { name: 'Paired glasses' });
const row = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
/** The value shown for a term of a device's details. */
const valueIn = (element: HTMLElement, term: string) => within(element).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

const KITCHEN = aDevice(1, 'Kitchen glasses', { lastSeenAt: '2026-11-22T08:30:00.000Z' });
const SPARE = aDevice(2, 'Spare glasses');

describe('Paired glasses on ProfilePage', () => {
  it("says when no glasses are paired, and leads to /pair", async () => {
    renderWithProviders(<ProfilePage />, { route: paths.profile });
    const glasses = await section();
    expect(await within(glasses).findByText(deviceMessages.noDevices)).toBeInTheDocument();
    expect(within(glasses).getByRole('link', { name: 'Pair your glasses' })).toHaveAttribute('href', paths.pair);
    expect(within(glasses).queryByRole('button')).not.toBeInTheDocument();
  });

  it("lists each pair of glasses with when it was paired and last seen ('Never' before its first call)", async () => {
    backend.devices = [KITCHEN, SPARE];
    renderWithProviders(<ProfilePage />, { route: paths.profile });
    const glasses = await section();
    await within(glasses).findByRole('heading', { level: 3, name: 'Kitchen glasses' });
    expect(within(glasses).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Kitchen glasses', 'Spare glasses']);
    // In the reader's time zone (the tests run in Los Angeles, 8 hours behind UTC in November).
    expect(valueIn(row('Kitchen glasses'), 'Paired')).toHaveTextContent('21 November 2026 at 02:00');
    expect(valueIn(row('Kitchen glasses'), 'Last seen')).toHaveTextContent('22 November 2026 at 00:30');
    expect(valueIn(row('Spare glasses'), 'Last seen')).toHaveTextContent(deviceMessages.never);
    // What each pair may do, in the words /pair and the pairing e-mail used.
    expect(within(valueIn(row('Kitchen glasses'), 'Allowed')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(scopeWords(DEFAULT_GLASSES_SCOPES));
    // The button reads 'Unpair' and is named with the glasses it unpairs.
    const unpair = within(row('Spare glasses')).getByRole('button', { name: 'Unpair Spare glasses' });
    expect(unpair).toHaveTextContent(/^Unpair$/);
    expect(within(glasses).getByRole('link', { name: 'Pair other glasses' })).toHaveAttribute('href', paths.pair);
  });

  it("opens the question to unpair the glasses named by the pairing e-mail's \"This wasn't me\" link", async () => {
    backend.devices = [KITCHEN, SPARE];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile, search: `?unpair=${SPARE.id}` });
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpair Spare glasses?' });
    await events.click(within(dialog).getByRole('button', { name: 'Unpair' }));
    await focusedResultIn(await section(), deviceMessages.unpaired('Spare glasses'));
    expect(sent('DELETE', `/api/devices/${SPARE.id}`)).toHaveLength(1);
  });

  it("'Unpair' asks first: Cancel changes nothing; Unpair removes the glasses and says so in the section, with focus", async () => {
    backend.devices = [KITCHEN, SPARE];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const button = await screen.findByRole('button', { name: 'Unpair Kitchen glasses' });

    await events.click(button);
    let dialog = await screen.findByRole('alertdialog', { name: 'Unpair Kitchen glasses?' });
    expect(dialog).toHaveAccessibleDescription(/^Kitchen glasses will lose access to your account at once/);
    expect(dialog).not.toHaveTextContent(EMERGENCY_CALLING_STOPS);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    expect(sent('DELETE', `/api/devices/${KITCHEN.id}`)).toEqual([]);

    await events.click(button);
    dialog = await screen.findByRole('alertdialog', { name: 'Unpair Kitchen glasses?' });
    await events.click(within(dialog).getByRole('button', { name: 'Unpair' }));
    await focusedResultIn(await section(), deviceMessages.unpaired('Kitchen glasses'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Kitchen glasses' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Spare glasses' })).toBeInTheDocument();
    expect(backend.devices).toEqual([SPARE]);
  });

  it('unpairing the last glasses says first that they will stop calling the emergency contacts', async () => {
    backend.devices = [SPARE];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(await screen.findByRole('button', { name: 'Unpair Spare glasses' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpair Spare glasses?' });
    expect(dialog).toHaveAccessibleDescription(new RegExp(`^${EMERGENCY_CALLING_STOPS} These are your only paired glasses.`));
  });

  it('says in the dialog why glasses could not be unpaired, and drops glasses unpaired elsewhere from the list', async () => {
    backend.devices = [KITCHEN];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(await screen.findByRole('button', { name: 'Unpair Kitchen glasses' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpair Kitchen glasses?' });
    // Unpaired meanwhile, in another tab.
    backend.devices = [];
    server.use(http.delete('*/api/devices/:id', () => refusal(404, deviceMessages.deviceNotFound)));
    await events.click(within(dialog).getByRole('button', { name: 'Unpair' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(unpairFailedMessage(deviceMessages.deviceNotFound)));
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(deviceMessages.noDevices)).toBeInTheDocument();
  });
});
