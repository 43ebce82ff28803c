import { DEVICE_CODE_GRANT, GLASSES_CLIENT_ID, type DeviceAuthorizationAnswer, type PairingAllowedAnswer, type TokenAnswer } from '@seva/shared';
import type { Answer, Send } from './transport.ts';

/** What the glasses ask for: a name for the glasses (none: the portal's default) and the scopes (none: the default). */
export interface PairingRequest {
  deviceName?: string;
  scope?: string;
}

/** The signed-in user who allows on /pair: their session cookie and their password (asked again, RFC 8628 §5.4). */
export interface AllowingUser {
  cookie: string;
  password: string;
}

export interface PairedGlasses {
  accessToken: string;
  /** What the token may do, space-separated. */
  scope: string;
  /** The account the glasses joined, as the token endpoint tells them. */
  username: string;
  /** The paired device, as /pair answers it. */
  deviceId: string;
  /** The code the user typed (as the portal showed it, with its dash). */
  userCode: string;
}

/**
 * POST /oauth/device_authorization (RFC 8628 §3.1), form-encoded as the firmware sends it. `fields` add to or replace
 * the form's own (a test of a wrong client_id).
 */
export function askForCode(send: Send, request: PairingRequest = {}, headers: Record<string, string> = {}, fields: Record<string, string> = {}): Promise<Answer> {
  const form: Record<string, string> = { client_id: GLASSES_CLIENT_ID };
  if (request.deviceName !== undefined) form.device_name = request.deviceName;
  if (request.scope !== undefined) form.scope = request.scope;
  return send('POST', '/oauth/device_authorization', new URLSearchParams({ ...form, ...fields }), headers);
}

/** What the signed-in user does with a code on /pair: check it, allow it (with their password) or deny it. */
export type CodeAnswer = 'check' | 'allow' | 'deny';

/** POST /api/devices/pairing/<action>: the signed-in user answers the glasses waiting for `code`. */
export function answerCode(send: Send, user: AllowingUser, action: CodeAnswer, code: string): Promise<Answer> {
  const body = action === 'allow' ? { code, password: user.password } : { code };
  return send('POST', `/api/devices/pairing/${action}`, body, { cookie: user.cookie });
}

/** POST /api/devices/pairing/allow: the signed-in user allows the glasses waiting for `code`, with their password. */
export const allowCode = (send: Send, user: AllowingUser, code: string): Promise<Answer> => answerCode(send, user, 'allow', code);

/**
 * POST /oauth/token with the device code grant (RFC 8628 §3.4): one poll, form-encoded as the firmware sends it.
 * `fields` add to or replace the grant's own.
 */
export function collectToken(send: Send, deviceCode: string, headers: Record<string, string> = {}, fields: Record<string, string> = {}): Promise<Answer> {
  const grant = { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: GLASSES_CLIENT_ID, ...fields };
  return send('POST', '/oauth/token', new URLSearchParams(grant), headers);
}

/**
 * The whole device grant against `portal`: the glasses ask (for `scope`, or the default), the signed-in user allows
 * with their password on /pair, the glasses collect their token. Any step that fails throws with its answer.
 */
export async function pairGlasses(portal: { send: Send }, user: AllowingUser, request: PairingRequest = {}): Promise<PairedGlasses> {
  const asked = await askForCode(portal.send, request);
  if (asked.status !== 200) throw new Error(`device_authorization answered ${asked.status}: ${asked.text}`);
  const grant = asked.json as DeviceAuthorizationAnswer;
  const allowed = await allowCode(portal.send, user, grant.user_code);
  if (allowed.status !== 200) throw new Error(`allow answered ${allowed.status}: ${allowed.text}`);
  const issued = await collectToken(portal.send, grant.device_code);
  if (issued.status !== 200) throw new Error(`token answered ${issued.status}: ${issued.text}`);
  const { access_token: accessToken, scope, username } = issued.json as TokenAnswer;
  return { accessToken, scope, username, deviceId: (allowed.json as PairingAllowedAnswer).device.id, userCode: grant.user_code };
}
