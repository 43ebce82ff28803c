/**
 * The HTTP calls the glasses make, with fetch only: what a firmware engineer ports. The requests are the test kit's
 * (its transport and its pairing steps), so the tests, the benchmarks and the glasses send the same bytes.
 */
import type { DeviceAuthorizationAnswer, InstalledFeaturesAnswer, RecognizeAnswer, SyncAnswer, TokenAnswer } from '@seva/shared';
import { askForCode, collectToken } from '../../test-kit/glasses-pairing.ts';
import { fetchTransport, multipart, type Answer as KitAnswer, type Send } from '../../test-kit/transport.ts';

/** An answer the portal refused: its status and, for OAuth endpoints, the RFC error code. */
export class PortalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** Waits for one answer; a 4xx/5xx becomes a PortalError with the portal's own words, no answer at all one with status 0. */
async function answered<T>(portal: string, request: () => Promise<KitAnswer>): Promise<T> {
  let answer: KitAnswer;
  try {
    answer = await request();
  } catch (error) {
    throw new PortalError(`Cannot reach the portal at ${new URL(portal).origin}: ${(error as Error).message}`, 0, undefined);
  }
  if (answer.status >= 200 && answer.status <= 299) return answer.json as T;
  const refusal = (answer.json ?? {}) as { error?: string; error_description?: string; message?: string; code?: string };
  const message = refusal.error_description ?? refusal.message ?? `The portal answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  throw new PortalError(message, answer.status, refusal.error ?? refusal.code);
}

const acceptJson = { accept: 'application/json' };

/** The portal, seen from the glasses. */
export function portalClient(portal: string) {
  const at = (path: string) => new URL(path, portal).toString();
  const send: Send = fetchTransport(portal);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    /** RFC 8628 §3.1 */
    deviceAuthorization: (deviceName: string | undefined, scope?: string) =>
      answered<DeviceAuthorizationAnswer>(portal, () => askForCode(send, { deviceName, scope }, acceptJson)),

    /** RFC 8628 §3.4: one poll; pending, slow_down, denied and expired come back as PortalError codes. */
    token: (deviceCode: string) =>
      answered<TokenAnswer>(portal, () => collectToken(send, deviceCode, acceptJson)),

    sync: (token: string, since: string | undefined) =>
      answered<SyncAnswer>(portal, () => send('GET', `/device-api/sync${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`, undefined, { ...bearer(token), 'accept-encoding': 'gzip' })),

    /**
     * GET /device-api/events: the open stream (its body is read with serverEvents). `lastEventId` is the cursor the
     * glasses hold, so the portal sends `changed` at once only if they are behind. A refusal is a PortalError.
     */
    async events(token: string, lastEventId: string | undefined, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
      let response: Response;
      try {
        response = await fetch(at('/device-api/events'), {
          headers: { accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }), ...bearer(token) },
          signal,
        });
      } catch (error) {
        throw new PortalError(`Cannot reach the portal at ${new URL(portal).origin}: ${(error as Error).message}`, 0, undefined);
      }
      if (response.ok && response.body) return response.body;
      const refusal = (await response.json().catch(() => ({}))) as { message?: string; error?: string; code?: string };
      throw new PortalError(refusal.message ?? `The portal answered ${response.status}`, response.status, refusal.error ?? refusal.code);
    },

    recognize: (token: string, email: string, photo: Blob, fileName: string) =>
      answered<RecognizeAnswer>(portal, () => send('POST', '/face-api/recognize', multipart({ email, file: new File([photo], fileName, { type: photo.type }) }), bearer(token))),

    installedFeatures: (token: string, features: Record<string, string>) =>
      answered<InstalledFeaturesAnswer>(portal, () => send('PUT', '/device-api/installed-features', { features }, bearer(token))),
  };
}

export type PortalClient = ReturnType<typeof portalClient>;
