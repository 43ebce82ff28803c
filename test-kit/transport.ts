/** What a test needs of an HTTP answer. Header names are lower-case; `set-cookie` is always a list. */
export interface Answer {
  status: number;
  json: unknown;
  text: string;
  headers: Record<string, string | string[]>;
}

/**
 * One request to the portal. Server tests send through `app.inject`, end-to-end tests and benchmarks over real
 * HTTP: the sign-up flow (sign-up-flow.ts) is written once against this.
 */
export type Send = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

/** What the kit needs of a Fastify app (`app.inject`), without importing Fastify. */
interface Injectable {
  inject(request: { method: string; url: string; payload?: string; headers?: Record<string, string> }): Promise<{
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | number | undefined>;
  }>;
}

/** Sends through `app.inject`: no socket, for server tests. */
export function injectTransport(app: Injectable): Send {
  return async (method, url, body, headers = {}) => {
    const answer = await app.inject({ method, url, ...withJsonBody(body, headers) });
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
    const { payload, headers: sent } = withJsonBody(body, headers);
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

function withJsonBody(body: unknown, headers: Record<string, string>): { payload?: string; headers: Record<string, string> } {
  if (body === undefined) return { headers };
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
