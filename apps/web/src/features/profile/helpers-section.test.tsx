import { helperMessages } from '@seva/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { aHelper } from '../../testing/fixtures.ts';
import { errorSummary } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, sent } from '../../testing/stand-in-server.ts';
import { ProfilePage } from './profile-page.tsx';

const helpersSection = () => screen.findByRole('region', { name: 'Helpers' });

describe("the wearer's Helpers section on ProfilePage", () => {
  it("invites a helper: the dialog checks the name and address, the server's refusal shows on its field, then the helper is listed as 'Invitation sent'", async () => {
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = await helpersSection();
    expect(await within(section).findByText('You have no helpers.')).toBeInTheDocument();

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
    await focusedResultIn(section, 'Invitation sent to sam@example.com.');
    const row = within(section).getByRole('listitem');
    expect(within(row).getByRole('heading', { level: 3, name: 'Sam Patel' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Invitation sent');
    expect(within(row).getByRole('button', { name: 'Cancel invitation for Sam Patel' })).toHaveTextContent('Cancel invitation');
    expect(within(section).queryByText('You have no helpers.')).not.toBeInTheDocument();
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

  it('cancels an invitation at once and says so in the section, with focus, as the row has gone', async () => {
    backend.helpers = [aHelper(1, 'Sam', 'invited')];
    const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
    const section = await helpersSection();
    await events.click(await within(section).findByRole('button', { name: 'Cancel invitation for Sam' }));
    await focusedResultIn(section, 'The invitation to Sam was cancelled.');
    expect(within(section).getByText('You have no helpers.')).toBeInTheDocument();
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
    await focusedResultIn(section, 'Sam no longer helps you.');
    expect(backend.helpers).toEqual([]);
    expect(within(section).getByText('You have no helpers.')).toBeInTheDocument();
  });
  describe("'Invitation sent' (D-077)", () => {
    afterEach(() => vi.useRealTimers());

    it('is said in the section above the button that caused it, focused, stays past 3 seconds, and goes at the next invitation', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { events } = renderWithProviders(<ProfilePage />, { route: paths.profile });
      const section = await helpersSection();
      const invite = await within(section).findByRole('button', { name: 'Invite a helper' });
      await events.click(invite);
      const dialog = screen.getByRole('dialog', { name: 'Invite a helper' });
      await events.type(within(dialog).getByRole('textbox', { name: "Helper's name" }), 'Sam Patel');
      await events.type(within(dialog).getByRole('textbox', { name: "Helper's email" }), 'sam@example.com{Enter}');

      const result = await focusedResultIn(section, 'Invitation sent to sam@example.com.');
      expect(result.compareDocumentPosition(invite) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // Not in the screen's status region at the top of the page.
      expect(screen.getAllByRole('status').filter((region) => region.textContent)).toEqual([]);

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(result).toBeInTheDocument();
      expect(result).toHaveFocus();

      await events.click(invite);
      expect(within(section).queryByRole('heading', { name: 'Invitation sent to sam@example.com.' })).toBeNull();
    }, 20_000);
  });
});
