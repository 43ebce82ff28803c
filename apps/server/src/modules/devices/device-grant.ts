import { accountLabel, DEFAULT_DEVICE_NAME, DEVICE_CODE_GRANT, DEVICE_NAME_MAX, type DeviceAuthorizationAnswer, formatUserCode, GLASSES_CLIENT_ID, glassesApiMessages, type GlassesScope, hasForbiddenNameCharacter, readGlassesScopes, scopeText, type TokenAnswer } from '@seva/shared';
import { approximateNetwork } from '../../client-address.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { DomainError, type DomainErrorKind } from '../../domain-errors.ts';
import { hashToken, newToken } from '../../tokens.ts';
import * as store from './store.ts';
import { newUserCode } from './user-code.ts';
import type { DeviceKit } from './device-kit.ts';

/** The one client: the SEVA glasses' firmware (and the reference client, npm run glasses). */
const CLIENT_ID = GLASSES_CLIENT_ID;
export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: slow_down adds 5 seconds to the interval, for this and every later poll of that code. */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** A poll this early still counts as on time: timers and networks jitter. */
export const POLL_SLACK_MS = 500;
/** Expired authorizations are kept this long, so late polls hear expired_token rather than invalid_grant. */
const EXPIRED_KEPT_MS = 60 * 60 * 1000;

/** RFC 8628 §3.5 and RFC 6749 §5.2 error codes the OAuth endpoints answer. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'invalid_scope';

/** An OAuth refusal: the code is the body's `error`, the message its `error_description` (ASCII, no quotes). */
export function oauthError(code: OAuthErrorCode, description: string, kind: DomainErrorKind = 'invalid'): DomainError {
  return new DomainError(kind, description, { code });
}

/** OAuth parameters as the endpoint received them (form fields or JSON strings). */
export type OAuthParams = Readonly<Record<string, string | undefined>>;

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

function checkClient(clientId: string | undefined): void {
  if (!clientId) throw oauthError('invalid_request', 'client_id is missing.');
  if (clientId !== CLIENT_ID) throw oauthError('invalid_client', `Unknown client_id. The SEVA glasses use ${CLIENT_ID}.`);
}

/** RFC 6749 §3.3: the scopes asked for; none: the default; an unknown one is refused with invalid_scope. */
function scopesAsked(input: string | undefined): GlassesScope[] {
  const read = readGlassesScopes(input);
  if ('unknown' in read) throw oauthError('invalid_scope', glassesApiMessages.unknownScope(read.unknown.slice(0, 40)));
  return read.scopes;
}

/** The name the glasses give themselves: at most 60 characters, no control characters; none given: 'Unnamed glasses'. */
function deviceNameOf(input: string | undefined): string {
  const name = (input ?? '').trim();
  if (name === '') return DEFAULT_DEVICE_NAME;
  if ([...name].length > DEVICE_NAME_MAX) throw oauthError('invalid_request', `device_name must be at most ${DEVICE_NAME_MAX} characters.`);
  if (CONTROL.test(name) || hasForbiddenNameCharacter(name)) throw oauthError('invalid_request', 'device_name must not contain control characters.');
  return name;
}

/** The glasses' side of pairing, RFC 8628's device grant: a device code, then polls until the user answers. */
export function createDeviceGrant(kit: DeviceKit) {
  const { db, config, iso, flow, limits } = kit;

  /** An OAuth endpoint's rate limit: a refusal says when to come back (Retry-After: the limit's window). */
  async function limitOAuth(action: 'deviceAuthorization' | 'oauthToken', ip: string): Promise<void> {
    try {
      await limits[action].count(ip);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'too-many') {
        throw new DomainError('too-many', error.message, { code: 'too_many_requests', retryAfterSeconds: config.rateLimits[action].perIp.windowSeconds });
      }
      throw error;
    }
  }

  return {
    /** Housekeeping: authorizations that expired over an hour ago (until then a late poll still hears expired_token). */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      return { device_authorizations: await store.purgeAuthorizations(db, new Date(at.getTime() - EXPIRED_KEPT_MS).toISOString()) };
    },

    /** RFC 8628 §3.1–3.2: a device code for the glasses and a user code for the user to type on /pair. */
    async startAuthorization(params: OAuthParams, ip: string): Promise<DeviceAuthorizationAnswer> {
      checkClient(params.client_id);
      const deviceName = deviceNameOf(params.device_name);
      const scopes = scopesAsked(params.scope);
      await limitOAuth('deviceAuthorization', ip);
      for (let attempt = 0; ; attempt += 1) {
        const userCode = newUserCode();
        const deviceCode = newToken();
        // One reading of the clock: the code lives exactly its TTL from when it was made.
        const createdAt = iso();
        try {
          await store.insertAuthorization(db, {
            device_code_hash: deviceCode.hash,
            user_code: userCode,
            client_id: CLIENT_ID,
            device_name: deviceName,
            status: 'pending',
            user_id: null,
            device_id: null,
            interval_seconds: POLL_INTERVAL_SECONDS,
            expires_at: new Date(Date.parse(createdAt) + DEVICE_CODE_TTL_SECONDS * 1000).toISOString(),
            last_polled_at: null,
            created_at: createdAt,
            decided_at: null,
            scope: scopeText(scopes),
            network: approximateNetwork(ip),
          });
        } catch (error) {
          // A user code still in use (1 in 10^11 per live code): draw another.
          if (isUniqueViolation(error) && attempt < 5) continue;
          throw error;
        }
        const shown = formatUserCode(userCode);
        flow('started');
        return {
          device_code: deviceCode.token,
          user_code: shown,
          verification_uri: `${config.publicUrl}/pair`,
          verification_uri_complete: `${config.publicUrl}/pair?code=${shown}`,
          expires_in: DEVICE_CODE_TTL_SECONDS,
          interval: POLL_INTERVAL_SECONDS,
        };
      }
    },

    /** RFC 8628 §3.4–3.5: the glasses poll with their device code; once allowed they get their token, once. */
    async exchange(params: OAuthParams, ip: string): Promise<TokenAnswer> {
      await limitOAuth('oauthToken', ip);
      if (!params.grant_type) throw oauthError('invalid_request', 'grant_type is missing.');
      if (params.grant_type !== DEVICE_CODE_GRANT) throw oauthError('unsupported_grant_type', `Only the device code grant is supported: grant_type=${DEVICE_CODE_GRANT}.`);
      checkClient(params.client_id);
      if (!params.device_code) throw oauthError('invalid_request', 'device_code is missing.');
      const deviceCodeHash = hashToken(params.device_code);
      const row = await store.findAuthorizationByDeviceCode(db, deviceCodeHash);
      if (!row || row.client_id !== params.client_id) throw oauthError('invalid_grant', 'Unknown device_code. Ask for a new one.');
      if (row.status === 'issued') throw oauthError('invalid_grant', 'This device_code has already been used. Ask for a new one.');
      // Allowed in time: the token can still be collected a little late (the row lives an hour past expiry), so an
      // 'Allow' at the last second never leaves paired glasses without their token.
      if (row.status !== 'allowed' && row.expires_at <= iso()) throw oauthError('expired_token', 'This device_code has expired. Ask for a new one.');
      if (row.status === 'denied') throw oauthError('access_denied', 'The user denied the pairing.');
      if (row.status === 'pending') {
        const notAfter = iso(POLL_SLACK_MS - row.interval_seconds * 1000);
        if (!(await store.recordPoll(db, deviceCodeHash, iso(), notAfter))) {
          const interval = await store.slowDown(db, deviceCodeHash, iso(), SLOW_DOWN_STEP_SECONDS);
          throw oauthError('slow_down', `Polling too fast: wait at least ${interval} seconds between requests.`);
        }
        throw oauthError('authorization_pending', 'The user has not answered yet.');
      }
      const issued = await db.transaction().execute(async (trx) => {
        if (!(await store.markIssued(trx, deviceCodeHash))) throw oauthError('invalid_grant', 'This device_code has already been used. Ask for a new one.');
        const token = newToken();
        if (!row.device_id || !(await store.setDeviceToken(trx, row.device_id, token.hash))) {
          throw oauthError('access_denied', 'The glasses were unpaired before they collected their token.');
        }
        const account = row.user_id ? await store.accountOf(trx, row.user_id) : undefined;
        if (account === undefined) throw oauthError('access_denied', 'The account was deleted before the glasses collected their token.');
        return { access_token: token.token, token_type: 'Bearer' as const, scope: row.scope, username: account.username, account: accountLabel(account.username, account.email) };
      });
      flow('completed');
      return issued;
    },
  };
}
