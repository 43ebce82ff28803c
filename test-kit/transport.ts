/** What a test needs of an HTTP answer. Header names are lower-case; `set-cookie` is always a list. */
export interface Answer {
  status: number;
  json: unknown;
  text: string;
  headers: Record<string, string | string[]>;
}

/**
 * One request to the portal. Server tests send through `app.inject`, end-to-end tests and benchmarks over real
 * HTTP: the sign-up flow (sign-up-flow.ts) is written once against this. The body goes as the portal's clients send
 * it: a `FormData` as multipart/form-data (a face picture as the face routes take it), `URLSearchParams` as a form
 * (application/x-www-form-urlencoded, as the glasses call the OAuth endpoints), anything else as JSON.
 */
export type Send = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

/** A request body as bytes, with the content type that goes with it. */
export interface EncodedBody {
  payload?: string | Buffer<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A multipart body of `fields`, a file being a `File` (a `Blob` goes as 'blob'): what a browser's FormData sends. */
export function multipart(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** `body` as bytes, as `fetch` would send it (see Send); `headers` given win over the content type chosen. */
export async function encodeBody(body: unknown, headers: Record<string, string> = {}): Promise<EncodedBody> {
  if (body === undefined) return { headers };
  if (body instanceof FormData || body instanceof URLSearchParams) {
    // fetch's own encoder, boundary and all, so the bytes are those a browser or the glasses send.
    const request = new Request('http://localhost/', { method: 'POST', body });
    const contentType = request.headers.get('content-type') ?? '';
    const payload = body instanceof URLSearchParams ? await request.text() : Buffer.from(await request.arrayBuffer());
    return { payload, headers: { 'content-type': contentType, ...headers } };
  }
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

/** What the kit needs of a Fastify app (`app.inject`), without importing Fastify. */
export interface Injectable {
  inject(request: { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string>; remoteAddress?: string }): Promise<{
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | number | undefined>;
  }>;
}

/** Sends through `app.inject`: no socket, for server tests; `remoteAddress` is the caller's address (default 127.0.0.1). */
export function injectTransport(app: Injectable, { remoteAddress }: { remoteAddress?: string } = {}): Send {
  return async (method, url, body, headers = {}) => {
    const answer = await app.inject({ method, url, ...(await encodeBody(body, headers)), ...(remoteAddress === undefined ? {} : { remoteAddress }) });
    const answerHeaders: Answer['headers'] = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) answerHeaders[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
    }
    answerHeaders['set-cookie'] = [answer.headers['set-cookie'] ?? []].flat().map(String);
    return { status: answer.statusCode, text: answer.body, json: parseJson(answer.body), headers: answerHeaders };
  };
}

/** Sends over HTTP with `fetch` to a running portal at `baseUrl`, for end-to-end tests and benchmarks. */
export function fetchTransport(baseUrl: string): Send {
  return async (method, url, body, headers = {}) => {
    const { payload, headers: sent } = await encodeBody(body, headers);
    const response = await fetch(new URL(url, baseUrl), { method, headers: sent, ...(payload === undefined ? {} : { body: payload }) });
    const text = await response.text();
    const answerHeaders: Answer['headers'] = {};
    response.headers.forEach((value, name) => (answerHeaders[name] = value));
    answerHeaders['set-cookie'] = response.headers.getSetCookie();
    return { status: response.status, text, json: parseJson(text), headers: answerHeaders };
  };
}

/** The `name=value` of the first cookie an answer sets ('' when it sets none): the session cookie after sign-in. */
export function cookieOf(answer: Answer): string {
  const [first] = [answer.headers['set-cookie'] ?? []].flat();
  return first?.split(';')[0] ?? '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
