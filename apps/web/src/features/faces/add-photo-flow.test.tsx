import { faceMessages, photoMessages, photoProblemMessages, type RecognizeAnswer } from '@seva/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aFace, aRecognizeAnswer, photosOf } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { AddFacePage } from './add-face-page.tsx';

const PNG = new File([Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))], 'photo.png', {
  type: 'image/png',
});
const asha = aFace(1, 'Asha Rao', 2);
const ben = aFace(2, 'Ben', 1);
const verdict = (face: typeof asha, photo = 1) => ({ face_id: face.face_id, name: face.name, distance: 0.4, photo_id: photosOf(face)[photo - 1]!.photo_id });

function checkAnswers(answer: Partial<RecognizeAnswer>) {
  server.use(http.post('*/face-api/recognize', () => HttpResponse.json(aRecognizeAnswer(answer))));
}

/** /faces/add?person= for `faceId`, with Asha (two photos) and Ben kept. */
function openFor(faceId: string) {
  backend.faces = [asha, ben];
  backend.facePhotos = [...photosOf(asha), ...photosOf(ben)];
  return renderWithProviders(<AddFacePage />, { route: paths.addFace, search: `?person=${faceId}` });
}

async function uploadFor(faceId: string) {
  const view = openFor(faceId);
  await screen.findByRole('heading', { level: 1, name: 'Add a photo of Asha Rao' });
  await view.events.click(screen.getAllByRole('checkbox', { name: /^I have the consent/ })[0]!);
  await view.events.click(screen.getByRole('button', { name: 'UPLOAD IMAGE' }));
  await view.events.upload(screen.getByLabelText('Choose an image of one face (JPEG, PNG, WebP or HEIC, at most 5 MB)'), PNG);
  return view;
}

describe('adding a photo to a person kept already (issue #32)', () => {
  it('asks consent, then adds the photo under the person\'s name, and says so', async () => {
    checkAnswers({ person: verdict(asha), confidence: 'fairly-sure' });
    const { events } = await uploadFor(asha.face_id);
    const step = await screen.findByRole('heading', { level: 2, name: 'Add this photo to Asha Rao?' });
    await waitFor(() => expect(step).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Add photo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Photo added' });
    expect(dialog).toHaveTextContent('The photo was added to Asha Rao.');
    expect(sent('POST', `/face-api/faces/${asha.face_id}/photos`)).toHaveLength(1);
    expect(backend.faces.find((f) => f.face_id === asha.face_id)?.photo_count).toBe(3);
  });

  it('asks first when the photo looks more like someone else, and can choose another photo or add it anyway', async () => {
    checkAnswers({ person: verdict(ben), confidence: 'very-sure' });
    const { events } = await uploadFor(asha.face_id);
    const question = await screen.findByRole('heading', { level: 2, name: 'This photo looks more like Ben. Add it to Asha Rao anyway?' });
    await waitFor(() => expect(question).toHaveFocus());
    await events.click(screen.getByRole('button', { name: 'Choose another photo' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Upload an image' })).toHaveFocus());
    expect(sent('POST', `/face-api/faces/${asha.face_id}/photos`)).toHaveLength(0);

    await events.upload(screen.getByLabelText(/^Choose an image of one face/), PNG);
    await events.click(await screen.findByRole('button', { name: 'Add it anyway' }));
    expect(await screen.findByRole('alertdialog', { name: 'Photo added' })).toBeInTheDocument();
    expect(sent('POST', `/face-api/faces/${asha.face_id}/photos`)).toHaveLength(1);
  });

  it("says before anything starts that a person with five photos can have no more", async () => {
    const five = aFace(3, 'Chitra', 5);
    backend.faces = [five];
    backend.facePhotos = photosOf(five);
    renderWithProviders(<AddFacePage />, { route: paths.addFace, search: `?person=${five.face_id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a photo of Chitra' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(photoMessages.tooManyPhotos));
    expect(screen.queryByRole('button', { name: 'UPLOAD IMAGE' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RETURN TO FACES' })).toHaveAttribute('href', paths.faces);
  });

  it('says the server refuses a sixth photo when the screen did not know', async () => {
    checkAnswers({ person: verdict(asha), confidence: 'very-sure' });
    server.use(http.post('*/face-api/faces/:faceId/photos', () => refusal(409, photoMessages.tooManyPhotos)));
    const { events } = await uploadFor(asha.face_id);
    await events.click(await screen.findByRole('button', { name: 'Add photo' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(photoMessages.tooManyPhotos));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('refuses a photo the server would not keep, saying why, on the file field', async () => {
    checkAnswers({ photo_problem: photoProblemMessages['too-dark'] });
    await uploadFor(asha.face_id);
    const input = screen.getByLabelText(/^Choose an image of one face/);
    await waitFor(() => expect(input).toHaveAccessibleDescription(photoProblemMessages['too-dark']));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent).filter(Boolean)).toEqual([photoProblemMessages['too-dark']]);
    expect(screen.queryByRole('button', { name: 'Add photo' })).not.toBeInTheDocument();
  });

  it('says a person who is not kept was not found, with the way back to the faces', async () => {
    openFor('00000000-0000-4000-8000-000000000099');
    expect(screen.getByRole('heading', { level: 1, name: 'Add a photo' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(faceMessages.faceNotFound));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RETURN TO FACES' })).toHaveAttribute('href', paths.faces);
  });
});
