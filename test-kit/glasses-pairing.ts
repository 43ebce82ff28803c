import type { Send } from './transport.ts';

/** The glasses' OAuth client and grant (RFC 8628), as the firmware sends them. */
const GLASSES_CLIENT_ID = 'seva-glasses';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

interface PairedGlasses {
  accessToken: string;
  /** What the token may do, space-separated. */
  scope: string;
  /** The account the glasses joined, as the token endpoint tells them. */
  username: string;
}

/**
 * The whole device grant over any `Send`: the glasses ask (for `scope`, or the default), the signed-in user allows
 * with their password on /pair, the glasses collect their token. Any step that fails throws with its answer.
 */
export async function pairGlassesWith(
  send: Send,
  user: { cookie: string; password: string },
  options: { deviceName?: string; scope?: string } = {},
): Promise<PairedGlasses> {
  const asked = await send('POST', '/oauth/device_authorization', {
    client_id: GLASSES_CLIENT_ID,
    ...(options.deviceName === undefined ? {} : { device_name: options.deviceName }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  });
  if (asked.status !== 200) throw new Error(`device_authorization: ${asked.status} ${asked.text}`);
  const grant = asked.json as { device_code: string; user_code: string };
  const allowed = await send('POST', '/api/devices/pairing/allow', { code: grant.user_code, password: user.password }, { cookie: user.cookie });
  if (allowed.status !== 200) throw new Error(`allow: ${allowed.status} ${allowed.text}`);
  const issued = await send('POST', '/oauth/token', { grant_type: DEVICE_CODE_GRANT, device_code: grant.device_code, client_id: GLASSES_CLIENT_ID });
  if (issued.status !== 200) throw new Error(`token: ${issued.status} ${issued.text}`);
  const { access_token: accessToken, scope, username } = issued.json as { access_token: string; scope: string; username: string };
  return { accessToken, scope, username };
}
