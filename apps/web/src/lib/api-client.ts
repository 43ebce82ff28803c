/** An answer that was not OK, with the message the server gave for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request never reached the server. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to the server. Please check your internet connection and try again.';

type Body = { json: unknown; form?: never } | { form: FormData; json?: never } | { json?: never; form?: never };

/** The one HTTP client: same-origin, cookie session, JSON or form bodies, errors as ApiError. */
export async function apiFetch<T>(path: string, options: { method?: string; signal?: AbortSignal } & Body = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw await apiErrorOf(response);
  return parseJson(await response.text()) as T;
}

/**
 * The ApiError a refused answer stands for, with the message the server gave (for calls that read a body of their
 * own). A body with no message of its own (`{}`, a proxy's HTML page) is never shown as it is (issue #9: 'Failed to
 * load user manuals: {}'); the status is said instead.
 */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  const parsed = parseJson(text);
  const payload = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as { message?: unknown; field?: string; code?: string };
  const message = typeof payload.message === 'string' && payload.message.trim() ? payload.message : (plainText(text) ?? statusText(response));
  return new ApiError(response.status, message, payload.field, payload.code);
}

/** A body that is a short line of text meant for people, not JSON or markup. */
function plainText(text: string): string | undefined {
  const line = text.trim();
  return line && line.length <= 200 && !/^[{["<]/.test(line) && !line.includes('\n') ? line : undefined;
}

/** 'The server answered 502 Bad Gateway.' */
function statusText(response: Response): string {
  return `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
