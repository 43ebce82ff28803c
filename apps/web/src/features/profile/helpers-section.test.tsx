import { helperMessages } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aHelper } from '../../testing/fixtures.ts';
import { errorSummary } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, sent } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';

const helpersSection = () => screen.findByRole('region', { name: 'Helpers' });
const status = () => screen.getAllByRole('status')[0]!;

describe("the wearer's Helpers section on ProfilePage", () => {
  it("invites a helper: the dialog checks the name and address, the server's refusal shows on its field, then the helper is listed as 'Invitation sent'", async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = await helpersSection();
    expect(await within(section).findByText('No helpers yet.')).toBeInTheDocument();

    await events.click(within(section).getByRole('button', { name: 'Invite a helper' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a helper' });
    const name = within(dialog).getByRole('textbox', { name: "Helper's name" });
    expect(name).toHaveFocus();
    await events.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(helperMessages.nameRequired));
    expect(sent('POST', '/api/helpers')).toEqual([]);

    await events.type(name, 'Sam Patel');
    const email = within(dialog).getByRole('textbox', { name: "Helper's email" });
    await events.type(email, 'robin@example.com{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription(helperMessages.ownAddress));
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    await events.click(within(errorSummary()).getByRole('link', { name: helperMessages.ownAddress }));
    expect(email).toHaveFocus();

    await events.clear(email);
    await events.type(email, 'sam@example.com{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('POST', '/api/helpers').at(-1)).toEqual({ name: 'Sam Patel', email: 'sam@example.com' });
    expect(status()).toHaveTextContent('Invitation sent to sam@example.com.');
    const row = within(section).getByRole('listitem');
    expect(within(row).getByRole('heading', { level: 3, name: 'Sam Patel' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Invitation sent');
    expect(within(row).getByRole('button', { name: 'Cancel invitation for Sam Patel' })).toHaveTextContent('Cancel invitation');
    expect(within(section).queryByText('No helpers yet.')).not.toBeInTheDocument();
  }, 20_000);

  it('says in the dialog that a wearer has at most 5 helpers', async () => {
    backend.helpers = [1, 2, 3, 4, 5].map((n) => aHelper(n, `Helper ${n}`));
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    await events.click(await within(await helpersSection()).findByRole('button', { name: 'Invite a helper' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a helper' });
    await events.type(within(dialog).getByRole('textbox', { name: "Helper's name" }), 'Kim');
    await events.type(within(dialog).getByRole('textbox', { name: "Helper's email" }), 'kim@example.com{Enter}');
    await waitFor(() => expect(errorSummary()).toHaveTextContent('You can have up to 5 helpers.'));
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('cancels an invitation at once and puts focus on the section', async () => {
    backend.helpers = [aHelper(1, 'Sam', 'invited')];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = await helpersSection();
    await events.click(await within(section).findByRole('button', { name: 'Cancel invitation for Sam' }));
    await waitFor(() => expect(status()).toHaveTextContent('The invitation to Sam was cancelled.'));
    expect(within(section).getByText('No helpers yet.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { level: 2, name: 'Helpers' })).toHaveFocus());
  });

  it("'Remove {helper}' asks first: Cancel keeps them; confirming removes them and says so", async () => {
    backend.helpers = [aHelper(1, 'Sam')];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = await helpersSection();
    const row = await within(section).findByRole('listitem');
    expect(row).toHaveTextContent('Helping you');
    await events.click(within(row).getByRole('button', { name: 'Remove Sam' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove Sam?' });
    expect(dialog).toHaveAccessibleDescription(/Sam will no longer be able to help with your glasses/);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE', `/api/helpers/${backend.helpers[0]!.id}`)).toEqual([]);
    expect(backend.helpers).toHaveLength(1);

    await events.click(within(row).getByRole('button', { name: 'Remove Sam' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove Sam?' });
    await events.click(within(dialog).getByRole('button', { name: 'Remove Sam' }));
    await waitFor(() => expect(status()).toHaveTextContent('Sam no longer helps you.'));
    expect(backend.helpers).toEqual([]);
    expect(within(section).getByText('No helpers yet.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { level: 2, name: 'Helpers' })).toHaveFocus());
  });
});
