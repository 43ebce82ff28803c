/** The HTTP calls the glasses make, with fetch only: what a firmware engineer ports. */
import type { DeviceAuthorizationAnswer, SyncAnswer } from '@seva/shared';

export const CLIENT_ID = 'seva-glasses';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

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

/** Sends one request; a 4xx/5xx becomes a PortalError with the portal's own words. */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new PortalError(`Cannot reach the portal at ${new URL(url).origin}: ${(error as Error).message}`, 0, undefined);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.ok) return body as T;
  const refusal = (body ?? {}) as { error?: string; error_description?: string; message?: string; code?: string };
  const message = refusal.error_description ?? refusal.message ?? `The portal answered ${response.status}: ${text.slice(0, 200)}`;
  throw new PortalError(message, response.status, refusal.error ?? refusal.code);
}

export interface RecognizeAnswer {
  match: { face_id: string; name: string; distance: number } | null;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

/** The portal, seen from the glasses. */
export function portalClient(portal: string) {
  const at = (path: string) => new URL(path, portal).toString();
  const withToken = (token: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
  return {
    /** RFC 8628 §3.1 */
    deviceAuthorization: (deviceName: string | undefined, scope?: string) =>
      send<DeviceAuthorizationAnswer>(
        at('/oauth/device_authorization'),
        form({ client_id: CLIENT_ID, ...(deviceName === undefined ? {} : { device_name: deviceName }), ...(scope === undefined ? {} : { scope }) }),
      ),

    /** RFC 8628 §3.4: one poll; pending, slow_down, denied and expired come back as PortalError codes. */
    token: (deviceCode: string) =>
      send<{ access_token: string; token_type: string; scope: string; username: string }>(at('/oauth/token'), form({ grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: CLIENT_ID })),

    sync: (token: string, since: string | undefined) =>
      send<SyncAnswer>(at(`/device-api/sync${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`), withToken(token, { headers: { 'accept-encoding': 'gzip' } })),

    /**
     * GET /device-api/events: the open stream (its body is read with serverEvents). `lastEventId` is the cursor the
     * glasses hold, so the portal sends `changed` at once only if they are behind. A refusal is a PortalError.
     */
    async events(token: string, lastEventId: string | undefined, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
      let response: Response;
      try {
        response = await fetch(at('/device-api/events'), {
          ...withToken(token, { headers: { accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) } }),
          signal,
        });
      } catch (error) {
        throw new PortalError(`Cannot reach the portal at ${new URL(portal).origin}: ${(error as Error).message}`, 0, undefined);
      }
      if (response.ok && response.body) return response.body;
      const refusal = (await response.json().catch(() => ({}))) as { message?: string; error?: string; code?: string };
      throw new PortalError(refusal.message ?? `The portal answered ${response.status}`, response.status, refusal.error ?? refusal.code);
    },

    recognize: (token: string, email: string, photo: Blob, fileName: string) => {
      const body = new FormData();
      body.append('email', email);
      body.append('file', photo, fileName);
      return send<RecognizeAnswer>(at('/face-api/recognize'), withToken(token, { method: 'POST', body }));
    },

    installedFeatures: (token: string, features: Record<string, string>) =>
      send<{ features: Record<string, string> }>(
        at('/device-api/installed-features'),
        withToken(token, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ features }) }),
      ),
  };
}

export type PortalClient = ReturnType<typeof portalClient>;
