import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/stand-in-server.ts';
import { apiFetch } from './api-client.ts';

const refusedWith = async (answer: () => Response) => {
  server.use(http.get('*/api/anything', answer));
  return apiFetch('/api/anything').catch((error: unknown) => error);
};

describe('what a refused answer says', () => {
  it("gives the server's message and field", async () => {
    expect(await refusedWith(() => HttpResponse.json({ message: 'No user manuals found.', field: 'x' }, { status: 404 }))).toMatchObject({
      status: 404,
      message: 'No user manuals found.',
      field: 'x',
    });
  });

  it('never shows a body without a message as it is, but the status', async () => {
    expect(await refusedWith(() => HttpResponse.json({}, { status: 502, statusText: 'Bad Gateway' }))).toMatchObject({ message: 'The server answered 502 Bad Gateway.' });
    expect(await refusedWith(() => new HttpResponse('<html><body>Bad gateway</body></html>', { status: 504 }))).toMatchObject({
      message: expect.stringMatching(/^The server answered 504\b[^<]*\.$/),
    });
  });

  it("ends an unexpected server error's message with its short reference, and no other", async () => {
    const requestId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    expect(await refusedWith(() => HttpResponse.json({ message: 'Something went wrong on our side. Please try again.', requestId }, { status: 500 }))).toMatchObject({
      message: 'Something went wrong on our side. Please try again. Reference: 1a2b3c4d',
      reference: '1a2b3c4d',
    });
    expect(await refusedWith(() => HttpResponse.json({ message: 'Invalid password' }, { status: 401 }))).toMatchObject({ message: 'Invalid password', reference: undefined });
  });

  it('keeps a short plain-text message', async () => {
    expect(await refusedWith(() => new HttpResponse('Service unavailable', { status: 503 }))).toMatchObject({ message: 'Service unavailable' });
  });
});
