import { randomUUID } from 'node:crypto';
import {
  DEFAULT_DEVICE_NAME,
  DEVICE_CODE_GRANT,
  DEVICE_NAME_MAX,
  deviceMessages,
  formatUserCode,
  GLASSES_CLIENT_ID,
  glassesContactSchema,
  hasForbiddenNameCharacter,
  readGlassesScopes,
  scopesOf,
  scopeText,
  scopeWords,
  type DeviceAuthorizationAnswer,
  type GlassesScope,
  type PairedDevice,
  type PendingPairing,
  type SyncAnswer,
  type TokenAnswer,
} from '@seva/shared';
import { approximateNetwork } from '../../client-address.ts';
import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { conflict, DomainError, expired, notFound, unauthenticated, unavailable, type DomainErrorKind } from '../../domain-errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PairingOutcome, PortalMetrics } from '../../metrics/portal-metrics.ts';
import { hashToken, newToken } from '../../tokens.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';
import type { ContactsService } from '../contacts/service.ts';
import type { FacesService } from '../faces/service.ts';
import type { FeaturesService } from '../features/service.ts';
import { pairedMail } from './emails.ts';
import * as store from './store.ts';
import { readCursor, writeCursor, type SyncPosition } from './sync-cursor.ts';
import { newUserCode } from './user-code.ts';

/** The one client: the SEVA glasses' firmware (and the reference client, npm run glasses). */
const CLIENT_ID = GLASSES_CLIENT_ID;
export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: slow_down adds 5 seconds to the interval, for this and every later poll of that code. */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** A poll this early still counts as on time: timers and networks jitter. */
export const POLL_SLACK_MS = 500;
/** last_seen_at is written at most this often per device, so a busy device does not write on every call. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Expired authorizations are kept this long, so late polls hear expired_token rather than invalid_grant. */
const EXPIRED_KEPT_MS = 60 * 60 * 1000;
/** A token not used for this long expires: glasses lost in a drawer do not keep a way into the account (ASVS 5.0 §10.4). */
export const TOKEN_IDLE_DAYS = 180;

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

export interface DevicesDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  faces: Pick<FacesService, 'changesSince' | 'changeSeq'>;
  contacts: Pick<ContactsService, 'list'>;
  features: Pick<FeaturesService, 'forGlasses' | 'setInstalled' | 'changeSeq'>;
  /** Tells the glasses' event streams of unpairing and of the account's deletion, in its transaction (issue #19). */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  /** The attempt limits the glasses' pairing declares: codes typed on /pair and the two OAuth endpoints. */
  limits: Pick<AttemptLimits, 'action'>;
  /** Identity's password check before 'Allow': a wrong one counts as a failed sign-in and is refused on the field. */
  confirmPassword: (userId: string, password: string, caller: { ip: string; userAgent: string | null }) => Promise<void>;
  /** Notes glasses paired and unpaired in the account's activity (issue #12). */
  activity?: RecordActivity;
  /** Pairing flows by the step they reached, for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'pairingFlows'>;
  now?: () => Date;
}

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkClient(clientId: string | undefined): void {
  if (!clientId) throw oauthError('invalid_request', 'client_id is missing.');
  if (clientId !== CLIENT_ID) throw oauthError('invalid_client', `Unknown client_id. The SEVA glasses use ${CLIENT_ID}.`);
}

/** The name the glasses give themselves: at most 60 characters, no control characters; none given: 'Unnamed glasses'. */
/** RFC 6749 §3.3: the scopes asked for; none: the default; an unknown one is refused with invalid_scope. */
function scopesAsked(input: string | undefined): GlassesScope[] {
  const read = readGlassesScopes(input);
  if ('unknown' in read) throw oauthError('invalid_scope', deviceMessages.unknownScope(read.unknown.slice(0, 40)));
  return read.scopes;
}

function deviceNameOf(input: string | undefined): string {
  const name = (input ?? '').trim();
  if (name === '') return DEFAULT_DEVICE_NAME;
  if ([...name].length > DEVICE_NAME_MAX) throw oauthError('invalid_request', `device_name must be at most ${DEVICE_NAME_MAX} characters.`);
  if (CONTROL.test(name) || hasForbiddenNameCharacter(name)) throw oauthError('invalid_request', 'device_name must not contain control characters.');
  return name;
}

const toPairedDevice = (row: { id: string; name: string; paired_at: string; last_seen_at: string | null; scope: string }): PairedDevice => ({
  id: row.id,
  name: row.name,
  pairedAt: row.paired_at,
  lastSeenAt: row.last_seen_at,
  scopes: scopesOf(row.scope),
});

/**
 * The glasses: pairing by the OAuth 2.0 device grant (RFC 8628), the paired devices and their bearer tokens
 * (RFC 6750, stored as SHA-256 hashes), and what the glasses read (sync) and report (installed features).
 */
export function createDevicesService(deps: DevicesDeps) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const flow = (outcome: PairingOutcome) => deps.metrics?.pairingFlows.inc({ outcome });
  // Only wrong pairing codes count: a code that names waiting glasses is forgiven.
  const limits = { pair: deps.limits.action('pair'), deviceAuthorization: deps.limits.action('deviceAuthorization'), oauthToken: deps.limits.action('oauthToken') };

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

  /** The pending authorization a user code names; otherwise why it cannot be answered. */
  async function pendingAuthorization(userCode: string): Promise<store.AuthorizationRow> {
    const row = await store.findAuthorizationByUserCode(db, userCode);
    if (!row) throw notFound(deviceMessages.pairingCodeUnknown);
    if (row.status !== 'pending') throw conflict(deviceMessages.pairingCodeUsed, 'code');
    if (row.expires_at <= iso()) throw expired(deviceMessages.pairingCodeExpired);
    return row;
  }

  /**
   * A code typed on /pair, counted against the pairing limit first (a refusal does not tell whether it was right); a
   * code that names glasses waiting for an answer is then taken off the count.
   */
  async function enteredCode(user: SignedInUser, userCode: string, ip: string): Promise<store.AuthorizationRow> {
    await limits.pair.count(ip, user.uid);
    const row = await pendingAuthorization(userCode);
    await limits.pair.forgive(ip, user.uid);
    return row;
  }

  /** Why a decision on a code that was pending a moment ago did not land: answered meanwhile, or just expired. */
  async function lostDecision(userCode: string): Promise<DomainError> {
    const row = await store.findAuthorizationByUserCode(db, userCode);
    return row && row.status === 'pending' ? expired(deviceMessages.pairingCodeExpired) : conflict(deviceMessages.pairingCodeUsed, 'code');
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
            expires_at: iso(DEVICE_CODE_TTL_SECONDS * 1000),
            last_polled_at: null,
            created_at: iso(),
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
        const username = row.user_id ? await store.usernameOf(trx, row.user_id) : undefined;
        if (username === undefined) throw oauthError('access_denied', 'The account was deleted before the glasses collected their token.');
        return { access_token: token.token, token_type: 'Bearer' as const, scope: row.scope, username };
      });
      flow('completed');
      return issued;
    },

    /**
     * /pair: the glasses waiting for this code, what they asked for, when, and from which network compared with the
     * user's own (RFC 8628 §5.4). A wrong code counts like a failed sign-in; a right one does not, so a few typos and
     * several pairs of glasses never add up to a refusal.
     */
    async findPending(user: SignedInUser, userCode: string, ip: string): Promise<PendingPairing> {
      const row = await enteredCode(user, userCode, ip);
      const scopes = scopesOf(row.scope);
      return {
        code: formatUserCode(row.user_code),
        deviceName: row.device_name,
        scopes,
        grants: scopeWords(scopes),
        requestedAt: row.created_at,
        expiresAt: row.expires_at,
        network: { from: row.network, sameAsYours: row.network === approximateNetwork(ip) },
      };
    },

    /**
     * 'Allow', with the user's password (a link sent by someone else is not enough): pairs the glasses with the
     * user's account and tells the user by e-mail at once. The e-mail goes first: when it cannot be sent, nothing is
     * paired (the e-mail is how a user learns of glasses they did not pair).
     */
    async allow(user: SignedInUser, input: { code: string; password: string }, caller: { ip: string; userAgent: string | null }, from?: string | null): Promise<PairedDevice> {
      const row = await enteredCode(user, input.code, caller.ip);
      await deps.confirmPassword(user.uid, input.password, caller);
      const pairedAt = now();
      const device: store.DeviceRow = {
        id: randomUUID(),
        user_id: user.uid,
        name: row.device_name,
        client_id: row.client_id,
        token_hash: null,
        paired_at: pairedAt.toISOString(),
        last_seen_at: null,
        scope: row.scope,
      };
      try {
        const profileUrl = `${config.publicUrl}/profile`;
        const unpairUrl = `${profileUrl}?unpair=${device.id}`;
        await mailer.send(pairedMail(user.email, { username: user.username, deviceName: device.name, pairedAt, grants: scopeWords(scopesOf(row.scope)), profileUrl, unpairUrl }));
      } catch {
        throw unavailable(deviceMessages.pairingMailFailed);
      }
      const decided = await db.transaction().execute(async (trx) => {
        await store.insertDevice(trx, device);
        const done = await store.decide(trx, row.user_code, { status: 'allowed', user_id: user.uid, device_id: device.id, decided_at: device.paired_at });
        if (!done) await store.deleteDevice(trx, user.uid, device.id);
        return done;
      });
      if (!decided) throw await lostDecision(row.user_code);
      await deps.activity?.(user.uid, 'glasses-paired', from ?? null, null, device.name);
      flow('allowed');
      return toPairedDevice(device);
    },

    /** 'Deny': the glasses hear access_denied on their next poll. */
    async deny(user: SignedInUser, userCode: string, ip: string, from?: string | null): Promise<void> {
      const row = await enteredCode(user, userCode, ip);
      if (!(await store.decide(db, row.user_code, { status: 'denied', user_id: user.uid, device_id: null, decided_at: iso() }))) {
        throw await lostDecision(row.user_code);
      }
      await deps.activity?.(user.uid, 'pairing-refused', from ?? null, null, row.device_name);
      flow('denied');
    },

    async list(user: SignedInUser): Promise<PairedDevice[]> {
      return (await store.listDevices(db, user.uid)).map(toPairedDevice);
    },

    /**
     * Unpairs at once: the token is gone, so the glasses' next call gets 401, and their event stream hears `revoked`.
     * Answers the glasses' name.
     */
    async unpair(user: SignedInUser, deviceId: string, from?: string | null): Promise<string> {
      const name = !UUID.test(deviceId)
        ? undefined
        : await db.transaction().execute(async (trx) => {
            const deleted = await store.deleteDevice(trx, user.uid, deviceId);
            if (deleted !== undefined) await deps.changeFeed?.announce(trx, { kind: 'revoked', account: user.uid, device: deviceId, reason: 'unpaired' });
            return deleted;
          });
      if (name === undefined) throw notFound(deviceMessages.deviceNotFound);
      await deps.activity?.(user.uid, 'glasses-unpaired', from ?? null, null, name);
      return name;
    },
    /**
     * The account's deletion, in its transaction: the glasses' tokens go with their rows, so each gets 401 next, and
     * their event streams hear `revoked` once it commits.
     */
    async eraseUser(trx: Executor, userId: string): Promise<void> {
      await store.deleteUserDevices(trx, userId);
      await deps.changeFeed?.announce(trx, { kind: 'revoked', account: userId, reason: 'account_deleted' });
    },

    /** Where the account's glasses data stands now: what a cursor made by a sync at this moment would hold. */
    async position(userId: string): Promise<SyncPosition> {
      const [seq, features] = await Promise.all([deps.faces.changeSeq(userId), deps.features.changeSeq()]);
      return { seq, features };
    },

    /** The ids among `deviceIds` that are still paired (an event stream whose glasses were unpaired unheard ends). */
    stillPaired: (deviceIds: string[]) => store.existingDevices(db, deviceIds),

    /**
     * The caller a bearer token names (see plugins/session.ts) and what it may do; notes when the glasses were last
     * seen, once a minute at most. A token unused for 180 days is refused as expired (invalid_token).
     */
    async identify(tokenHash: string) {
      const found = await store.findByToken(db, tokenHash);
      if (!found) return undefined;
      const { device } = found;
      const at = now();
      const lastUsed = Date.parse(device.last_seen_at ?? device.paired_at);
      if (lastUsed <= at.getTime() - TOKEN_IDLE_DAYS * 24 * 60 * 60 * 1000) throw unauthenticated(deviceMessages.tokenExpired, { code: 'invalid_token' });
      if (device.last_seen_at === null || Date.parse(device.last_seen_at) <= at.getTime() - LAST_SEEN_RESOLUTION_MS) {
        await store.touchDevice(db, device.id, at.toISOString());
      }
      return { user: found.user, device: { id: device.id, name: device.name, scopes: scopesOf(device.scope) } };
    },

    /**
     * GET /device-api/sync: every face (without `since`) or the faces changed and deleted since the cursor, plus the
     * emergency contacts and the features, which are small and always sent whole. `since` is the query parameter as
     * it came: anything but one of this account's cursors is refused. With the token's `scopes`, only the parts they
     * cover are filled (D-033).
     */
    async sync(user: SignedInUser, since: unknown, scopes?: readonly GlassesScope[]): Promise<SyncAnswer> {
      const answer = await fullSync(user, since);
      if (scopes === undefined) return answer;
      // Each part only with its scope: glasses not allowed a part get it empty.
      return {
        ...answer,
        faces: scopes.includes('faces:read') ? answer.faces : [],
        deleted_face_ids: scopes.includes('faces:read') ? answer.deleted_face_ids : [],
        emergency_contacts: scopes.includes('contacts:read') ? answer.emergency_contacts : [],
        features: scopes.includes('features') ? answer.features : [],
      };
    },

    /** PUT /device-api/installed-features: replaces what these glasses run. */
    async reportInstalled(user: SignedInUser, device: { id: string }, features: Record<string, string>): Promise<{ features: Record<string, string> }> {
      return { features: await deps.features.setInstalled({ id: device.id, userId: user.uid }, features) };
    },
  };

  async function fullSync(user: SignedInUser, since: unknown): Promise<SyncAnswer> {
    const from = typeof since === 'string' ? readCursor(since, user.uid) : undefined;
    const invalidCursor = () => new DomainError('invalid', deviceMessages.cursorInvalid, { field: 'since', code: 'invalid_cursor' });
    if (since !== undefined && from === undefined) throw invalidCursor();
    // The change numbers are read before what they cover: a change committing meanwhile may be sent early, and is
    // then announced again, but never left out under a cursor that claims it.
    const [linksSeq, changes] = await Promise.all([deps.features.changeSeq(), deps.faces.changesSince(user, from?.seq)]);
    const [contacts, features] = await Promise.all([deps.contacts.list(user), deps.features.forGlasses()]);
    if (from !== undefined && from.seq > changes.seq) throw invalidCursor();
    if (changes.expired) throw new DomainError('expired', deviceMessages.cursorExpired, { code: 'cursor_expired' });
    return {
      cursor: writeCursor(user.uid, changes.seq, linksSeq),
      email: user.email,
      faces: changes.faces,
      deleted_face_ids: changes.deletedFaceIds,
      emergency_contacts: contacts.map((contact) => glassesContactSchema.parse(contact)),
      features,
    };
  }
}

export type DevicesService = ReturnType<typeof createDevicesService>;
