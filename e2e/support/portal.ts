import type { APIRequestContext, Page } from '@playwright/test';
import { encodeBody, type Answer, type Send } from '../../test-kit/transport.ts';

/** Storing a face waits for the detector, which takes a few seconds the first time a worker starts. */
const REQUEST_TIMEOUT = 120_000;

/**
 * The test kit's `Send` over a Playwright request context: a page's (`page.request`, the browser's cookies, so signed
 * in as the page is) or the glasses' own (no cookies). The body is encoded by the kit, as for every other runner.
 */
export function requestTransport(request: APIRequestContext): Send {
  return async (method, url, body, headers = {}) => {
    const { payload, headers: sent } = await encodeBody(body, headers);
    const response = await request.fetch(url, { method, headers: sent, ...(payload === undefined ? {} : { data: payload }), timeout: REQUEST_TIMEOUT });
    const text = await response.text();
    const answerHeaders: Answer['headers'] = { ...response.headers() };
    answerHeaders['set-cookie'] = response.headersArray().filter(({ name }) => name.toLowerCase() === 'set-cookie').map(({ value }) => value);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status(), text, json, headers: answerHeaders };
  };
}

/** The portal as `page` reaches it outside its screens: signed in as the page is. */
export const portalOf = (page: Page) => ({ send: requestTransport(page.request) });
