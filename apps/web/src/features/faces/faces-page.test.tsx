import { faceMessages, messages } from '@seva/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aFace } from '../../testing/fixtures.ts';
import { errorSummary, summaryLinks } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, server } from '../../testing/stand-in-server.ts';
import { FacesPage } from './faces-page.tsx';

const renderPage = () => renderWithProviders(<FacesPage />, { route: paths.faces });

const footer = () => screen.getByText(/^Showing \d+ to \d+ of \d+ faces$|^No faces match/);

describe('FacesPage', () => {
  it('lists the faces A to Z with their photos, and searches by name', async () => {
    backend.faces = [aFace(1, 'Penny'), aFace(2, 'amy'), aFace(3, 'Howard'), aFace(4, 'Amelia')];
    const { events } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your faces' })).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Amelia', 'amy', 'Howard', 'Penny']);
    expect(within(list).getByRole('img', { name: 'Penny' })).toHaveAttribute('src', `/face-api/image/${aFace(1, 'Penny').face_id}`);
    expect(screen.getByRole('button', { name: 'Edit Penny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Penny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View details for Penny' })).toBeInTheDocument();
    expect(footer()).toHaveTextContent('Showing 1 to 4 of 4 faces');

    await events.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'AM');
    expect(within(screen.getByRole('list')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Amelia', 'amy']);
    expect(footer()).toHaveTextContent('Showing 1 to 2 of 2 faces');

    await events.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'x');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(footer()).toHaveTextContent('No faces match "AMx".');
  });

  it('shows the placeholder when a photo cannot be loaded', async () => {
    backend.faces = [aFace(1, 'Penny')];
    renderPage();
    const image = await screen.findByRole('img', { name: 'Penny' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Penny (photo not available)' })).toHaveAttribute('src', '/face-placeholder.svg');
  });

  it('renames a face, refusing an empty or taken name', async () => {
    backend.faces = [aFace(1, 'Penny'), aFace(2, 'Amy')];
    const { events } = renderPage();
    const editButton = await screen.findByRole('button', { name: 'Edit Penny' });
    await events.click(editButton);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Penny' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Penny');
    expect(name).toHaveFocus();

    await events.clear(name);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Name cannot be empty');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await events.type(name, ' amy ');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A face with the name "amy" already exists. Please use a different name.'));
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(summaryLinks()).toEqual(['A face with the name "amy" already exists. Please use a different name.']);

    await events.clear(name);
    await events.type(name, 'Penny Hofstadter{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Said in the renamed face's row, beside the button that has focus again; the rows and the page say nothing else.
    const row = (await screen.findByRole('heading', { level: 3, name: 'Penny Hofstadter' })).closest('li')!;
    expect(within(row).getByRole('status')).toHaveTextContent('Face updated successfully');
    expect(screen.getAllByRole('status').filter((region) => region.textContent)).toHaveLength(1);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit Penny Hofstadter' })).toHaveFocus());
  });

  it('says a rename under the list heading when the face has moved to another page', async () => {
    backend.faces = Array.from({ length: 11 }, (_, i) => aFace(i + 1, `Person ${String(i + 1).padStart(2, '0')}`));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit Person 01' }));
    const name = within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Name' });
    await events.clear(name);
    await events.type(name, 'Zoe{Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Person 01' })).not.toBeInTheDocument());
    const listHeading = screen.getByRole('heading', { level: 2, name: 'Your faces' });
    expect(listHeading.nextElementSibling).toHaveRole('status');
    expect(listHeading.nextElementSibling).toHaveTextContent('Face updated successfully');
    await waitFor(() => expect(listHeading).toHaveFocus());
  });

  it('deletes a face only after confirmation, then puts focus on the list heading', async () => {
    backend.faces = [aFace(1, 'Penny'), aFace(2, 'Amy')];
    const { events } = renderPage();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Penny' });
    await events.click(deleteButton);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Penny?' });
    expect(confirm).toHaveAccessibleDescription(
      'Are you sure you want to delete this face? Your SEVA glasses will stop recognising Penny. Their photos and what was learnt from them are deleted, and this cannot be undone.',
    );
    expect(within(confirm).getByRole('img', { name: 'Penny' })).toHaveAttribute('src', aFace(1, 'Penny').face_url);
    // Quiet until confirmed: the list's Delete looks like its neighbours; only the confirmation's is destructive.
    expect(deleteButton).toHaveClass('button-secondary');
    // The risky action comes after Cancel and is not the prominent button: Cancel is.
    const [first, second] = within(confirm).getAllByRole('button');
    expect(first).toHaveAccessibleName('Cancel');
    expect(first).toHaveClass('button-primary');
    expect(second).toHaveAccessibleName('Delete');
    expect(second).toHaveClass('button-danger-outline');
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(backend.faces).toHaveLength(2);

    await events.click(deleteButton);
    confirm = screen.getByRole('alertdialog', { name: 'Delete Penny?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Penny' })).not.toBeInTheDocument();
    // Said under the list heading, where focus goes now the row is gone, and naming who was deleted.
    const listHeading = screen.getByRole('heading', { level: 2, name: 'Your faces' });
    expect(listHeading.nextElementSibling).toHaveRole('status');
    expect(listHeading.nextElementSibling).toHaveTextContent('Face deleted successfully: Penny');
    await waitFor(() => expect(listHeading).toHaveFocus());
    expect(footer()).toHaveTextContent('Showing 1 to 1 of 1 faces');
  });

  describe('what a dialog did (D-077)', () => {
    afterEach(() => vi.useRealTimers());

    it('stays in the row past 3 seconds, and goes at the next action: a search, or another dialog', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      backend.faces = [aFace(1, 'Penny'), aFace(2, 'Amy')];
      const { events } = renderPage();
      await events.click(await screen.findByRole('button', { name: 'Edit Penny' }));
      await events.type(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Name' }), ' Hofstadter{Enter}');
      const row = (await screen.findByRole('heading', { level: 3, name: 'Penny Hofstadter' })).closest('li')!;
      await waitFor(() => expect(within(row).getByRole('status')).toHaveTextContent('Face updated successfully'));

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(within(row).getByRole('status')).toHaveTextContent('Face updated successfully');

      // Searching is the next action: the message goes, and is not said again under the list's heading.
      await events.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Amy');
      expect(screen.getAllByRole('status').filter((region) => region.textContent)).toEqual([]);
      await events.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
      expect(screen.getAllByRole('status').filter((region) => region.textContent)).toEqual([]);

      await events.click(screen.getByRole('button', { name: 'Delete Amy' }));
      await events.click(within(await screen.findByRole('alertdialog', { name: 'Delete Amy?' })).getByRole('button', { name: 'Delete' }));
      const listHeading = screen.getByRole('heading', { level: 2, name: 'Your faces' });
      await waitFor(() => expect(listHeading.nextElementSibling).toHaveTextContent('Face deleted successfully: Amy'));
      await events.click(screen.getByRole('button', { name: 'View details for Penny Hofstadter' }));
      expect(listHeading.nextElementSibling).toBeEmptyDOMElement();
    });
  });

  it('keeps the confirmation open with the reason when a delete fails', async () => {
    backend.faces = [aFace(1, 'Penny')];
    server.use(http.delete('*/face-api/delete_face', () => refusal(404, faceMessages.faceNotFound)));
    const { events } = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Delete Penny' }));
    const confirm = await screen.findByRole('alertdialog');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to delete face: This face was not found. It may have been deleted.');
  });

  it('welcomes a user without faces, also when the server answers 404', async () => {
    server.use(http.post('*/face-api/get_all_faces', () => refusal(404, messages.notFound)));
    const { events, router } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome to your Face Management Console' })).toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Add Your First Face' }));
    expect(router.state.location.pathname).toBe(paths.addFace);
  });

  it('says what went wrong when the list cannot load, and tries again on request', async () => {
    backend.faces = [aFace(1, 'Penny')];
    server.use(http.post('*/face-api/get_all_faces', () => refusal(500, messages.serverError), { once: true }));
    const { events } = renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Server error. Please try again later.'));
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Penny' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your faces' })).toHaveFocus());
  });
});
