import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localise } from '@seva/shared';

/** An answer that was not OK, with the message the server gave for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    /** The short reference of a request that failed on the server, already at the end of `message` (D-030). */
    readonly reference?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request never reached the server. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** How many characters of a request id a person is shown: enough to find the request in the server's log. */
const REFERENCE_LENGTH = 8;

/**
 * 'Something went wrong on our side. Please try again. Reference: 1a2b3c4d', in the page's language: the reference
 * is joined to a message already said, so the message is localised here, not where it is shown.
 */
export function withReference(message: string, reference: string | undefined): string {
  if (!reference) return message;
  return `${localise(i18n, message)} ${i18n._(msg({ message: `Reference: ${reference}`, comment: "{reference} is the first characters of the failed request's id, for support to find it in the logs" }))}`;
}

/** What a request that never reached the server says (in English; ApiError carries it in the page's language). */
export const NETWORK_ERROR_MESSAGE = /*i18n*/ 'Unable to connect to the server. Please check your internet connection and try again.';

type Body = { json: unknown; form?: never } | { form: FormData; json?: never } | { json?: never; form?: never };

/** The one HTTP client: same-origin, cookie session, JSON or form bodies, errors as ApiError. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  return parseJson(await response.text()) as T;
}

type RequestOptions = { method?: string; signal?: AbortSignal; accept?: string } & Body;

/**
 * The answer itself, for a call that reads its body as it arrives (the data download): the same request as
 * `apiFetch`, refused answers and lost connections as ApiError.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
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
    throw new ApiError(0, localise(i18n, NETWORK_ERROR_MESSAGE));
  }
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

/**
 * The ApiError a refused answer stands for, with the message the server gave (for calls that read a body of their
 * own). A body with no message of its own (`{}`, a proxy's HTML page) is never shown as it is (issue #9: 'Failed to
 * load user manuals: {}'); the status is said instead. An unexpected server error's message ends with its reference.
 */
async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  const parsed = parseJson(text);
  const payload = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as { message?: unknown; field?: string; code?: string; requestId?: unknown };
  const message = typeof payload.message === 'string' && payload.message.trim() ? payload.message : (plainText(text) ?? statusText(response));
  // Only an unexpected server failure carries its request id: the user can quote it to support.
  const reference = typeof payload.requestId === 'string' && payload.requestId ? payload.requestId.slice(0, REFERENCE_LENGTH) : undefined;
  return new ApiError(response.status, withReference(message, reference), payload.field, payload.code, reference);
}

/** A body that is a short line of text meant for people, not JSON or markup. */
function plainText(text: string): string | undefined {
  const line = text.trim();
  return line && line.length <= 200 && !/^[{["<]/.test(line) && !line.includes('\n') ? line : undefined;
}

/** 'The server answered 502 Bad Gateway.' */
function statusText(response: Response): string {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return i18n._(msg({ message: `The server answered ${status}.`, comment: "{status} is the HTTP status code and HTTP's own English name for it, e.g. '502 Bad Gateway'" }));
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
