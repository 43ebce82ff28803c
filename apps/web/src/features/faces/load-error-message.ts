import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';

/** product §8: what the faces list says when it cannot load, by what went wrong. */
const faceLoadMessages = {
  server: 'Server error. Please try again later.',
  network: NETWORK_ERROR_MESSAGE,
  unknown: 'Unable to load your face database. Please try refreshing the page.',
  /** 'Server responded with {status}: {text}', the text being the server's own message. */
  refused: (status: number, text: string) => `Server responded with ${status}: ${text}`,
} as const;

export function loadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return faceLoadMessages.unknown;
  if (error.isNetworkError) return faceLoadMessages.network;
  if (error.status >= 500) return faceLoadMessages.server;
  return faceLoadMessages.refused(error.status, error.message);
}
