import { randomUUID } from 'node:crypto';
import { APP_VERSION, messages, profileMessages, type NewPasswordInput, type ResetRequestInput, type SignInInput, type SignUpInput } from '@seva/shared';
import type { Config, RateLimit } from '../../config.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { conflict, expired, invalid, notFound, refused, tooMany, unauthenticated, unavailable } from '../../domain-errors.ts';
import { resetMail, verificationMail } from './emails.ts';
import { identityQrDataUrl } from './identity-qr.ts';
import { hashPassword, isWeakPassword, verifyPassword } from './passwords.ts';
import * as limits from './rate-limits.ts';
import * as store from './store.ts';
import { newToken, hashToken } from '../../tokens.ts';
import { rateLimitAddress } from '../../client-address.ts';

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An expired link is kept this long after it expired, so that a late click says it expired rather than invalid. */
export const EXPIRED_LINK_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What another module keeps per user and makes in the sign-up's own transaction (e.g. the contacts document). */
export type OnUserCreated = (trx: Executor, user: { uid: string; email: string; createdAt: string }) => Promise<void>;

export interface IdentityDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  onUserCreated?: OnUserCreated[];
  now?: () => Date;
}

export interface Caller {
  ip: string;
  userAgent: string | null;
}

/** License IDs are matched ignoring case and surrounding space. */
export const licenseKey = (licenseId: string) => licenseId.trim().toLowerCase();

export function createIdentityService(deps: IdentityDeps) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  async function limit(action: keyof Config['rateLimits'], ip: string, account?: string): Promise<void> {
    const rules = config.rateLimits[action];
    const checks: Array<[string, RateLimit]> = [[`${action}:ip:${rateLimitAddress(ip)}`, rules.perIp]];
    if (account) checks.push([`${action}:account:${account}`, rules.perAccount]);
    for (const [key, rule] of checks) {
      if (!(await limits.hit(db, key, rule, now()))) throw tooMany(messages.tooManyAttempts);
    }
  }

  async function sendLink(user: store.UserRow, purpose: 'verify' | 'reset'): Promise<void> {
    const { token, hash } = newToken();
    const ttl = purpose === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS;
    await store.retireTokens(db, user.uid, purpose, iso());
    await store.insertToken(db, { token_hash: hash, user_id: user.uid, purpose, created_at: iso(), expires_at: iso(ttl), used_at: null });
    const page = purpose === 'verify' ? 'verify-email' : 'reset-password';
    const link = `${config.publicUrl}/${page}?token=${token}`;
    await mailer.send(purpose === 'verify' ? verificationMail(user.email, user.username, link) : resetMail(user.email, user.username, link));
  }

  /** Checks license ID and password with SPEC §8's messages; the account may still be unverified. */
  async function checkCredentials(input: SignInInput): Promise<store.UserRow> {
    const user = await store.findUserByLicenseKey(db, licenseKey(input.licenseId));
    if (!user) throw unauthenticated(messages.invalidCredentials);
    if (!user.email) throw conflict(messages.accountConfigurationError);
    if (!(await verifyPassword(user.password_hash, input.password))) throw unauthenticated(messages.invalidPassword, { field: 'password' });
    return user;
  }

  /** The link a token names, if it is unused and unexpired. */
  async function liveLink(token: string, purpose: 'verify' | 'reset') {
    const row = await store.findToken(db, hashToken(token), purpose);
    if (!row || row.used_at) throw invalid(messages.linkInvalid);
    if (row.expires_at <= iso()) throw expired(messages.linkExpired);
    return row;
  }

  /** A single-use link: valid, unused and unexpired, then consumed together with `effect`. */
  async function useLink(token: string, purpose: 'verify' | 'reset', effect: (trx: Executor, userId: string) => Promise<void>) {
    const row = await liveLink(token, purpose);
    await db.transaction().execute(async (trx) => {
      if (!(await store.consumeToken(trx, row.token_hash, iso()))) throw invalid(messages.linkInvalid);
      await effect(trx, row.user_id);
    });
    return row.user_id;
  }

  return {
    /** Counts one attempt at `action` from this address (and account); too many in the window is refused. */
    limit,

    /**
     * Housekeeping: removes expired sessions, used links, links that expired over a week ago (until then a click
     * still says the link expired) and rate-limit windows that have ended. Answers the rows removed per table.
     */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      const nowIso = at.toISOString();
      const linksExpiredBefore = new Date(at.getTime() - EXPIRED_LINK_RETENTION_MS).toISOString();
      return {
        sessions: await store.deleteExpiredSessions(db, nowIso),
        auth_tokens: await store.deleteSpentTokens(db, linksExpiredBefore),
        rate_limits: await limits.deleteEnded(db, nowIso),
      };
    },

    async signUp(input: SignUpInput, caller: Caller): Promise<void> {
      await limit('signUp', caller.ip, input.email);
      if (isWeakPassword(input.password, [input.username, input.email, input.licenseId])) {
        throw invalid(messages.passwordTooWeak, 'password');
      }
      if (await store.findUserByEmail(db, input.email)) throw conflict(messages.emailAlreadyRegistered, 'email');
      if (await store.findUserByLicenseKey(db, licenseKey(input.licenseId))) {
        throw conflict(messages.licenseIdAlreadyRegistered, 'licenseId');
      }
      const createdAt = iso();
      const user: store.UserRow = {
        uid: randomUUID(),
        email: input.email,
        username: input.username,
        phone: `${input.countryCode}${input.phoneNumber}`,
        license_id: input.licenseId,
        license_key: licenseKey(input.licenseId),
        password_hash: await hashPassword(input.password),
        created_at: createdAt,
        is_active: 1,
        is_verified: 0,
        is_logged_in: 0,
        role: 'user',
        access_level: 1,
        last_login_time: null,
        last_login_device: null,
        qr_code: null,
        version: APP_VERSION,
      };
      user.qr_code = await identityQrDataUrl(user);
      try {
        await db.transaction().execute(async (trx) => {
          await store.insertUser(trx, user);
          for (const created of deps.onUserCreated ?? []) await created(trx, { uid: user.uid, email: user.email, createdAt });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const detail = String((error as Error).message);
        if (detail.includes('license')) throw conflict(messages.licenseIdAlreadyRegistered, 'licenseId');
        throw conflict(messages.emailInUse, 'email');
      }
      try {
        await sendLink(user, 'verify');
      } catch {
        await store.deleteUser(db, user.uid);
        throw unavailable(messages.registrationFailed);
      }
    },

    async signIn(input: SignInInput, caller: Caller) {
      await limit('signIn', caller.ip, licenseKey(input.licenseId));
      const user = await checkCredentials(input);
      if (Number(user.is_verified) !== 1) {
        throw refused('Verification Required', { code: 'unverified' });
      }
      await limits.clear(db, `signIn:account:${licenseKey(input.licenseId)}`);
      const { token, hash } = newToken();
      const loginTime = iso();
      await db.transaction().execute(async (trx) => {
        await store.insertSession(trx, {
          token_hash: hash,
          user_id: user.uid,
          created_at: loginTime,
          expires_at: iso(SESSION_TTL_MS),
          user_agent: caller.userAgent,
        });
        await store.updateUser(trx, user.uid, {
          is_logged_in: 1,
          is_verified: 1,
          last_login_time: loginTime,
          last_login_device: caller.userAgent,
        });
      });
      const fresh = await store.findUserById(db, user.uid);
      return { token, user: fresh ?? user };
    },

    async resendVerification(input: SignInInput, caller: Caller): Promise<'sent' | 'already-verified'> {
      await limit('resend', caller.ip, licenseKey(input.licenseId));
      const user = await checkCredentials(input);
      if (Number(user.is_verified) === 1) return 'already-verified';
      await sendLink(user, 'verify');
      return 'sent';
    },

    async verifyEmail(token: string): Promise<void> {
      await useLink(token, 'verify', (trx, userId) => store.updateUser(trx, userId, { is_verified: 1 }));
    },

    async requestPasswordReset(input: ResetRequestInput, caller: Caller): Promise<void> {
      await limit('reset', caller.ip, input.email);
      const user = await store.findUserByEmail(db, input.email);
      if (!user) throw notFound(messages.noAccountWithEmail);
      try {
        await sendLink(user, 'reset');
      } catch {
        throw unavailable(messages.resetFailed);
      }
    },

    async resetPassword(input: NewPasswordInput): Promise<void> {
      // The link is checked before the costly hash, so a dead link is refused at once and says why.
      const row = await liveLink(input.token, 'reset');
      const user = await store.findUserById(db, row.user_id);
      if (user && isWeakPassword(input.password, [user.username, user.email, user.license_id])) {
        throw invalid(messages.passwordTooWeak, 'password');
      }
      const passwordHash = await hashPassword(input.password);
      await useLink(input.token, 'reset', async (trx, userId) => {
        await store.updateUser(trx, userId, { password_hash: passwordHash, is_verified: 1, is_logged_in: 0 });
        await store.deleteUserSessions(trx, userId);
      });
    },

    async signOut(token: string | undefined): Promise<void> {
      if (!token) return;
      const userId = await store.deleteSession(db, hashToken(token));
      if (userId && (await store.countUserSessions(db, userId, iso())) === 0) {
        await store.updateUser(db, userId, { is_logged_in: 0 });
      }
    },

    /** The whole record (with its QR image) of a signed-in user. */
    async account(uid: string): Promise<store.UserRow> {
      const user = await store.findUserById(db, uid);
      if (!user) throw notFound(profileMessages.notFound);
      return user;
    },

    /** Changes the fields a user may edit on their profile. */
    async updateAccount(uid: string, changes: Partial<Pick<store.UserRow, 'username' | 'phone' | 'qr_code'>>): Promise<void> {
      await store.updateUser(db, uid, changes);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
/** A user's whole record, secrets included: for services, never for an answer. */
export type Account = store.UserRow;
