import { duplicateFaceNameMessage, faceMessages, messages, photoProblemMessages, type FaceSummary } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aFace, aRecognizeAnswer, photosOf, SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { AddFacePage } from './add-face-page.tsx';

const PNG = new File([Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))], 'photo.png', {
  type: 'image/png',
});

/** The face backend's photo check (recognize) answers with `faceCount` faces and no look-alike. */
function photoShows(faceCount: number) {
  server.use(http.post('*/face-api/recognize', () => HttpResponse.json(aRecognizeAnswer({ faceCount }))));
}

/** store_face stores the face (its face_id and name as the screen shows them) in the stand-in's list, as the real one does. */
function storeFaceWorks(face: () => Pick<FaceSummary, 'face_id' | 'name'>) {
  server.use(
    http.post('*/face-api/store_face', () => {
      const stored: FaceSummary = { ...face(), face_url: '/face-api/image/x', timestamp: SAVED_AT, photo_count: 1 };
      backend.faces = [...backend.faces, stored];
      return HttpResponse.json(stored);
    }),
  );
}

async function uploadPhoto() {
  const view = renderWithProviders(<AddFacePage />, { route: paths.addFace });
  const { events } = view;
  await events.click(screen.getAllByRole('checkbox', { name: /^I have the consent/ })[0]!);
  await events.click(screen.getByRole('button', { name: 'UPLOAD IMAGE' }));
  const input = screen.getByLabelText('Choose an image of one face (JPEG, PNG, WebP or HEIC, at most 5 MB)');
  await events.upload(input, PNG);
  return { ...view, input };
}

/** The text of every live region on the screen that says something. */
const announced = () =>
  [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')].map((region) => region.textContent?.trim()).filter(Boolean);

describe('AddFacePage', () => {
  it('refuses a photo with no face at once, on the file field, before any naming', async () => {
    photoShows(0);
    const { input } = await uploadPhoto();
    await waitFor(() => expect(input).toHaveAccessibleDescription(faceMessages.noFace));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(announced()).toEqual([faceMessages.noFace]);
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upload an image' })).toBeInTheDocument();
  });

  it('refuses a group photo, saying how many faces it shows', async () => {
    photoShows(4);
    const { input } = await uploadPhoto();
    await waitFor(() => expect(input).toHaveAccessibleDescription('This image shows 4 faces. Please use a photo with only one face.'));
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('goes on to naming when the check cannot run, and the server still decides', async () => {
    server.use(http.post('*/face-api/recognize', () => refusal(503, faceMessages.engineBusy)));
    server.use(http.post('*/face-api/store_face', () => refusal(422, faceMessages.noFace, 'file')));
    const { events } = await uploadPhoto();
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'Nobody');
    await events.click(screen.getByRole('button', { name: 'REGISTER FACE' }));
    // The photo's fault, not a failure: no 'Failed to store face data:'.
    await waitFor(() => expect(announced()).toContain(faceMessages.noFace));
  });

  it("calls a real failure a failure, with SPEC's prefix", async () => {
    photoShows(1);
    server.use(http.post('*/face-api/store_face', () => refusal(500, messages.serverError)));
    const { events } = await uploadPhoto();
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada');
    await events.click(screen.getByRole('button', { name: 'REGISTER FACE' }));
    await waitFor(() => expect(announced()).toContain(`Failed to store face data: ${messages.serverError}`));
  });

  it('announces only the success once the face is registered, not its own name as taken', async () => {
    photoShows(1);
    const { events } = await uploadPhoto();
    const toSend = within(await screen.findByRole('region', { name: 'What will be sent' }));
    storeFaceWorks(() => ({ face_id: toSend.getAllByRole('definition')[2]!.textContent!, name: 'Ada' }));
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await events.click(screen.getByRole('button', { name: 'REGISTER FACE' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Face registered' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
    // The list behind the dialog is fetched again and now holds Ada: the form does not take that as a clash.
    await waitFor(() => expect(sent('POST', '/face-api/get_all_faces').length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(announced().join(' ')).not.toContain(duplicateFaceNameMessage('Ada'));
    expect(screen.getByRole('textbox', { name: 'Name', hidden: true })).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a photo the server would not keep, saying why, before any naming (issue #32)', async () => {
    server.use(http.post('*/face-api/recognize', () => HttpResponse.json(aRecognizeAnswer({ photo_problem: photoProblemMessages.blurred }))));
    const { input } = await uploadPhoto();
    await waitFor(() => expect(input).toHaveAccessibleDescription(photoProblemMessages.blurred));
    expect(announced()).toEqual([photoProblemMessages.blurred]);
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it("says store_face's refusal of the photo as the server words it", async () => {
    photoShows(1);
    server.use(http.post('*/face-api/store_face', () => refusal(422, photoProblemMessages.turned, 'file')));
    const { events } = await uploadPhoto();
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ada');
    await events.click(screen.getByRole('button', { name: 'REGISTER FACE' }));
    await waitFor(() => expect(announced()).toEqual([photoProblemMessages.turned]));
  });
});

describe('AddFacePage, a photo of someone kept already (issue #32)', () => {
  const amy = aFace(1, 'Amy', 2);
  const keepAmy = () => {
    backend.faces = [amy];
    backend.facePhotos = photosOf(amy);
  };

  it('offers a name already kept the person instead of a dead end: add the photo to them, or another name', async () => {
    keepAmy();
    photoShows(1);
    const { events } = await uploadPhoto();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await events.type(name, ' amy ');
    const choice = await screen.findByRole('group', { name: 'You already have Amy.' });
    expect(announced()).toEqual(['You already have Amy.']);
    expect(name).toHaveAccessibleDescription('Name already exists');
    expect(announced().join(' ')).not.toContain(duplicateFaceNameMessage('amy'));

    await events.click(within(choice).getByRole('button', { name: 'Use a different name' }));
    expect(name).toHaveValue('');
    expect(name).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');

    await events.type(name, 'AMY');
    await events.click(screen.getByRole('button', { name: 'Add this photo to Amy' }));
    expect(await screen.findByRole('alertdialog', { name: 'Photo added' })).toHaveTextContent('The photo was added to Amy.');
    expect(sent('POST', `/face-api/faces/${amy.face_id}/photos`)).toHaveLength(1);
    expect(sent('POST', '/face-api/store_face')).toHaveLength(0);
  });

  it('asks whether a photo that looks like someone kept is them, before anything is stored', async () => {
    keepAmy();
    const answer = aRecognizeAnswer({ person: { face_id: amy.face_id, name: 'Amy', distance: 0.5, photo_id: photosOf(amy)[0]!.photo_id }, confidence: 'not-sure' });
    server.use(http.post('*/face-api/recognize', () => HttpResponse.json(answer)));
    const { events } = await uploadPhoto();
    const question = await screen.findByRole('heading', { level: 2, name: 'This looks like Amy.' });
    await waitFor(() => expect(question).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Add this photo to Amy' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: "It's someone else" }));
    const naming = await screen.findByRole('heading', { level: 2, name: 'Name this face' });
    await waitFor(() => expect(naming).toHaveFocus());
    expect(sent('POST', `/face-api/faces/${amy.face_id}/photos`)).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Choose another image' }));
    await events.upload(screen.getByLabelText(/^Choose an image of one face/), PNG);
    await events.click(await screen.findByRole('button', { name: 'Add this photo to Amy' }));
    expect(await screen.findByRole('alertdialog', { name: 'Photo added' })).toBeInTheDocument();
    expect(sent('POST', `/face-api/faces/${amy.face_id}/photos`)).toHaveLength(1);
  });
});
