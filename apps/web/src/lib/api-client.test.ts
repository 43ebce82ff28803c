import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/stand-in-server.ts';
import { apiFetch, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { startIn } from './i18n/catalogs.ts';

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

describe("what the web itself adds to a refusal, in the page's language", () => {
  afterEach(() => startIn('en-GB'));

  it('says a lost connection in English as the web always has', async () => {
    expect(await refusedWith(() => HttpResponse.error())).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('says a lost connection, the reference and a bare status in Hindi on a Hindi page', async () => {
    await startIn('hi');
    expect(await refusedWith(() => HttpResponse.error())).toMatchObject({
      status: 0,
      message: 'सर्वर से कनेक्ट नहीं हो सका। कृपया अपना इंटरनेट कनेक्शन जाँचें और पुनः प्रयास करें।',
    });
    // The server said its message in Hindi already (it answers in the request's language); the web adds the reference.
    const requestId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    expect(await refusedWith(() => HttpResponse.json({ message: 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया पुनः प्रयास करें।', requestId }, { status: 500 }))).toMatchObject({
      message: 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया पुनः प्रयास करें। संदर्भ: 1a2b3c4d',
    });
    expect(await refusedWith(() => HttpResponse.json({}, { status: 502, statusText: 'Bad Gateway' }))).toMatchObject({ message: 'सर्वर ने 502 Bad Gateway उत्तर दिया।' });
  });
});
