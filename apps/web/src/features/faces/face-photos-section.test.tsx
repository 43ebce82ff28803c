import { photoMessages } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/dates.ts';
import { addPhotoOf, paths } from '../../lib/paths.ts';
import { aFace, aPhoto, photosOf, SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { FacesPage } from './faces-page.tsx';

const asha = aFace(1, 'Asha Rao', 3);

/** /faces with Asha (three photos: the wearer's, then two a helper added, the last before photos were checked) and Ben (one). */
async function openAshasDetails() {
  backend.faces = [asha, aFace(2, 'Ben', 1)];
  backend.facePhotos = [aPhoto(asha, 1), aPhoto(asha, 2, { added_by: 'Sam', quality: 'usable' }), aPhoto(asha, 3, { added_by: 'Sam', quality: undefined }), ...photosOf(aFace(2, 'Ben', 1))];
  const view = renderWithProviders(<FacesPage />, { route: paths.faces });
  await view.events.click(await screen.findByRole('button', { name: 'View details for Asha Rao' }));
  const dialog = await screen.findByRole('dialog', { name: 'Face details' });
  await within(dialog).findByRole('list');
  return { ...view, dialog };
}

// Found also behind an open dialog, which hides the page from the accessibility tree.
const rowOf = (name: string) => screen.getByRole('heading', { level: 3, name, hidden: true }).closest('li')!;

describe("a person's photos (issue #32)", () => {
  it('shows each person once with how many photos they have', async () => {
    backend.faces = [asha, aFace(2, 'Ben', 1)];
    renderWithProviders(<FacesPage />, { route: paths.faces });
    await screen.findByRole('heading', { level: 3, name: 'Asha Rao' });
    expect(rowOf('Asha Rao')).toHaveTextContent('3 photos');
    expect(rowOf('Ben')).toHaveTextContent('1 photo');
    expect(rowOf('Ben')).not.toHaveTextContent('1 photos');
  });

  it('lists the photos in the details: when, by whom, how good, and a delete button naming the photo and the person', async () => {
    const { dialog } = await openAshasDetails();
    const photos = within(within(dialog).getByRole('region', { name: 'Photos' }));
    expect(photos.getByText('3 photos')).toBeInTheDocument();
    const items = photos.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 4 }).textContent)).toEqual(['Photo 1', 'Photo 2', 'Photo 3']);
    const date = formatDate(SAVED_AT);
    expect(items[0]).toHaveTextContent(`Added ${date}Quality: Good`);
    expect(items[1]).toHaveTextContent(`Added ${date} by SamQuality: Usable`);
    expect(items[2]).toHaveTextContent('Quality: Not checked');
    expect(within(items[1]!).getByRole('button', { name: 'Delete photo 2 of Asha Rao' })).toHaveTextContent('Delete photo');
    expect(photos.getByRole('link', { name: 'Add a photo of Asha Rao' })).toHaveAttribute('href', addPhotoOf(asha.face_id));
  });

  it('deletes a photo after confirmation, says so, and counts one fewer in the details and the list', async () => {
    const { dialog, events } = await openAshasDetails();
    const deleteSecond = within(dialog).getByRole('button', { name: 'Delete photo 2 of Asha Rao' });
    await events.click(deleteSecond);
    let confirm = screen.getByRole('alertdialog', { name: 'Delete photo 2 of Asha Rao?' });
    expect(confirm).toHaveAccessibleDescription('Your SEVA glasses will stop using this photo to recognise Asha Rao. This cannot be undone.');
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteSecond).toHaveFocus());
    expect(backend.facePhotos.filter((p) => p.face_id === asha.face_id)).toHaveLength(3);

    await events.click(deleteSecond);
    confirm = screen.getByRole('alertdialog', { name: 'Delete photo 2 of Asha Rao?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const photos = within(dialog).getByRole('region', { name: 'Photos' });
    expect(within(photos).getByRole('status')).toHaveTextContent('Photo deleted');
    expect(within(photos).getByText('2 photos')).toBeInTheDocument();
    // Numbered again, oldest first: the third is now the second.
    expect(within(photos).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Photo 1', 'Photo 2']);
    await waitFor(() => expect(within(photos).getByRole('heading', { level: 3, name: 'Photos' })).toHaveFocus());
    expect(sent('DELETE', `/face-api/faces/${asha.face_id}/photos/${aPhoto(asha, 2).photo_id}`)).toHaveLength(1);
    // The list behind the dialog counts them again.
    await waitFor(() => expect(rowOf('Asha Rao')).toHaveTextContent('2 photos'));
  });

  it("explains, in place of the button, why a person's last photo cannot be deleted", async () => {
    const { dialog, events } = await openAshasDetails();
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await events.click(screen.getByRole('button', { name: 'View details for Ben' }));
    const ben = screen.getByRole('dialog', { name: 'Face details' });
    const item = await within(ben).findByRole('listitem');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(item).toHaveTextContent(photoMessages.lastPhoto);
    expect(within(ben).getByText('1 photo')).toBeInTheDocument();
  });

  it("says the server's refusal in the confirmation when the photo cannot be deleted after all", async () => {
    server.use(http.delete('*/face-api/faces/:faceId/photos/:photoId', () => refusal(409, photoMessages.lastPhoto)));
    const { dialog, events } = await openAshasDetails();
    await events.click(within(dialog).getByRole('button', { name: 'Delete photo 1 of Asha Rao' }));
    const confirm = screen.getByRole('alertdialog');
    await events.click(within(confirm).getByRole('button', { name: 'Delete photo' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(photoMessages.lastPhoto);
  });

  it('offers no other photo once a person has five, and says why', async () => {
    const five = aFace(3, 'Chitra', 5);
    backend.faces = [five];
    backend.facePhotos = photosOf(five);
    const { events } = renderWithProviders(<FacesPage />, { route: paths.faces });
    await events.click(await screen.findByRole('button', { name: 'View details for Chitra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Face details' });
    expect(await within(dialog).findByText(photoMessages.tooManyPhotos)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /^Add a photo of/ })).not.toBeInTheDocument();
  });
});
