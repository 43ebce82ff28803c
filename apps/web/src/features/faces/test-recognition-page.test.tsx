import { faceMessages, photoProblemMessages, type FaceVerdict, type RecognizeAnswer } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aFace, aRecognizeAnswer, photosOf } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { refusal, server } from '../../testing/stand-in-server.ts';
import { TestRecognitionPage } from './test-recognition-page.tsx';

const PNG = new File([Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))], 'photo.png', {
  type: 'image/png',
});
const asha = aFace(1, 'Asha Rao', 3);
const ben = aFace(2, 'Ben', 1);
const person = (face: typeof asha, photo = 1) => ({ face_id: face.face_id, name: face.name, distance: 0.4, photo_id: photosOf(face)[photo - 1]!.photo_id });
const box = { x: 0, y: 0, width: 10, height: 10 };

/** Tests a photo whose check answers `answer` (or is refused with `answer` as the response); returns the answer's live region. */
async function tryPhoto(answer: Partial<RecognizeAnswer> | Response) {
  server.use(http.post('*/face-api/test_recognition', () => (answer instanceof Response ? answer : HttpResponse.json(aRecognizeAnswer(answer)))));
  const { events } = renderWithProviders(<TestRecognitionPage />, { route: paths.testRecognition });
  await events.click(screen.getByRole('button', { name: 'UPLOAD IMAGE' }));
  await events.upload(screen.getByLabelText('Choose a photo to test (JPEG, PNG, WebP or HEIC, at most 5 MB)'), PNG);
  const region = within(screen.getByRole('region', { name: 'Answer' })).getByRole('status');
  await waitFor(() => expect(region).not.toBeEmptyDOMElement());
  return region;
}

describe('TestRecognitionPage (issue #32)', () => {
  it('says the photo is not kept, and asks no consent', () => {
    renderWithProviders(<TestRecognitionPage />, { route: paths.testRecognition });
    expect(screen.getByRole('heading', { level: 1, name: 'Test recognition' })).toBeInTheDocument();
    expect(screen.getByText('This photo is not kept.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'UPLOAD IMAGE' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'USE CAMERA' })).toBeEnabled();
  });

  it('names the person, how sure it is, and shows the photo of theirs that matched best', async () => {
    const region = await tryPhoto({ person: person(asha, 2), confidence: 'very-sure', match: { face_id: asha.face_id, name: 'Asha Rao', distance: 0.4 } });
    expect(region).toHaveTextContent('This is Asha Rao. Very sure');
    expect(within(region).getByRole('img', { name: 'The photo of Asha Rao that matched best' })).toHaveAttribute('src', photosOf(asha)[1]!.photo_url);
    expect(screen.getByRole('img', { name: 'The photo you tested' })).toBeInTheDocument();
  });

  it('is honest when it is not sure, naming who it could be', async () => {
    const region = await tryPhoto({ person: person(asha), confidence: 'not-sure', runner_up: { face_id: ben.face_id, name: 'Ben', distance: 0.42 } });
    expect(region).toHaveTextContent('Not sure who this is. It could be Asha Rao or Ben.');
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says when the face is nobody kept', async () => {
    expect(await tryPhoto({})).toHaveTextContent('This is not anyone in your faces.');
  });

  it('says when the photo shows no face, which the test refuses', async () => {
    expect(await tryPhoto(refusal(422, faceMessages.noFace))).toHaveTextContent(faceMessages.noFace);
  });

  it('says what is wrong with a photo too poor to recognise anyone in', async () => {
    expect(await tryPhoto({ photo_problem: photoProblemMessages['too-dark'] })).toHaveTextContent(photoProblemMessages['too-dark']);
  });

  it('lists every face of a group photo, left to right', async () => {
    const faces: FaceVerdict[] = [
      { box, person: person(ben), confidence: 'fairly-sure', runner_up: null },
      { box, person: null, confidence: null, runner_up: null },
      { box, person: person(asha), confidence: 'very-sure', runner_up: null },
    ];
    const region = await tryPhoto({ faceCount: 3, faces, person: person(asha), confidence: 'very-sure' });
    expect(region).toHaveTextContent(/^This photo shows 3 faces\. From left to right:/);
    expect(within(region).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'This is Ben. Fairly sure',
      'This is not anyone in your faces.',
      'This is Asha Rao. Very sure',
    ]);
  });

  it('says so when the check cannot run', async () => {
    server.use(http.post('*/face-api/test_recognition', () => refusal(503, faceMessages.engineBusy)));
    const { events } = renderWithProviders(<TestRecognitionPage />, { route: paths.testRecognition });
    await events.click(screen.getByRole('button', { name: 'UPLOAD IMAGE' }));
    await events.upload(screen.getByLabelText(/^Choose a photo to test/), PNG);
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent).filter(Boolean)).toEqual([faceMessages.engineBusy]));
  });
});
