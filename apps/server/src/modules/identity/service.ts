import { randomUUID } from 'node:crypto';
import { APP_VERSION, messages, profileMessages, type NewPasswordInput, type ResetRequestInput, type SignInInput, type SignUpInput } from '@seva/shared';
import type { Config, RateLimit } from '../../config.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { conflict, DomainError, expired, invalid, notFound, refused, tooMany, unauthenticated, unavailable } from '../../domain-errors.ts';
import { guessingMail, passwordChangedMail, resetMail, verificationMail } from './emails.ts';
import { failedSignIns } from './failed-sign-ins.ts';
import { identityQrDataUrl } from './identity-qr.ts';
import { hashPassword, isWeakPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import * as limits from './rate-limits.ts';
import * as store from './store.ts';
import { newToken, hashToken } from '../../tokens.ts';
import { rateLimitAddress } from '../../client-address.ts';
import { isSingleMailAddress } from '../../mail/mail-address.ts';
import { SESSION_MAX_MS, sessionExpiry } from '../../session-lifetime.ts';
import { describeUserAgent } from '../../user-agent.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { PortalMetrics, SignInOutcome } from '../../metrics/portal-metrics.ts';
import { browserSessions } from './browser-sessions.ts';
import { closures } from './closures.ts';

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** The session cookie's max age: a session's absolute end; the server also ends it after 30 days idle (session-lifetime.ts). */
export const SESSION_TTL_MS = SESSION_MAX_MS;
/** A sign-up not verified within this long expires: its e-mail and license ID are free again (D-016). */
export const SIGN_UP_EXPIRY_MS = VERIFY_TTL_MS;
/** An expired link is kept this long after it expired, so that a late click says it expired rather than invalid. */
export const EXPIRED_LINK_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What another module keeps per user and makes in the sign-up's own transaction (e.g. the contacts document). */
export type OnUserCreated = (trx: Executor, user: { uid: string; email: string; createdAt: string }) => Promise<void>;

export interface IdentityDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  onUserCreated?: OnUserCreated[];
  /** Notes sign-ins, wrong passwords, password changes and verifications in the account's activity (issue #12). */
  activity?: RecordActivity;
  /** Sign-ins by outcome and rate-limit refusals by limit, for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'signIns' | 'rateLimitRefusals'>;
  now?: () => Date;
}

/** A refused sign-in's reason, as the metrics count it (never who or from where). */
function signInRefusal(error: unknown): SignInOutcome {
  if (!(error instanceof DomainError)) return 'other';
  if (error.kind === 'too-many') return 'too_many_attempts';
  if (error.kind === 'refused' && error.details.code === 'unverified') return 'unverified';
  if (error.kind === 'unauthenticated') return error.details.field === 'password' ? 'wrong_password' : 'unknown_license_id';
  return 'other';
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
  const refusedBy = (limit: keyof Config['rateLimits'], scope: 'ip' | 'account') => deps.metrics?.rateLimitRefusals.inc({ limit, scope });
  const guesses = failedSignIns(db, config.rateLimits.signIn, now, refusedBy);
  const closed = closures(db, now);
  /** Notes an event in the account's activity, with the browser that did it. */
  const note = (userId: string, kind: Parameters<RecordActivity>[1], caller?: Caller) =>
    deps.activity?.(userId, kind, caller ? describeUserAgent(caller.userAgent) : null) ?? Promise.resolve();

  async function limitKey(key: string, rule: RateLimit, counted: [keyof Config['rateLimits'], 'ip' | 'account']): Promise<void> {
    if (await limits.hit(db, key, rule, now())) return;
    refusedBy(...counted);
    throw tooMany(messages.tooManyAttempts);
  }

  const limitKeys = (action: keyof Config['rateLimits'], ip: string, account?: string) => ({
    ip: `${action}:ip:${rateLimitAddress(ip)}`,
    account: account ? `${action}:account:${account}` : undefined,
    pair: account && config.rateLimits[action].perPair ? `${action}:pair:${account}:${rateLimitAddress(ip)}` : undefined,
  });

  /**
   * Counts one attempt per address, per (account, address) pair where the action has a pair limit (reset requests,
   * D-036: then the account limit is a ceiling over all addresses), and per account.
   */
  async function limit(action: keyof Config['rateLimits'], ip: string, account?: string): Promise<void> {
    const rules = config.rateLimits[action];
    const keys = limitKeys(action, ip, account);
    await limitKey(keys.ip, rules.perIp, [action, 'ip']);
    if (keys.pair && rules.perPair) await limitKey(keys.pair, rules.perPair, [action, 'account']);
    if (keys.account) await limitKey(keys.account, rules.perAccount, [action, 'account']);
  }

  /** Takes back what `limit` counted for an attempt that turned out right, so that only wrong ones count. */
  async function forgive(action: keyof Config['rateLimits'], ip: string, account?: string): Promise<void> {
    const keys = limitKeys(action, ip, account);
    await limits.takeBack(db, keys.ip);
    if (keys.pair) await limits.takeBack(db, keys.pair);
    if (keys.account) await limits.takeBack(db, keys.account);
  }

  /** A sign-up never verified whose 24 hours have passed: it counts as no account and is deleted when in the way. */
  const isExpiredSignUp = (user: store.UserRow) => Number(user.is_verified) !== 1 && user.created_at <= iso(-SIGN_UP_EXPIRY_MS);

  async function sendLink(user: store.UserRow, purpose: 'verify' | 'reset'): Promise<void> {
    const { token, hash } = newToken();
    // A verification link never outlives its sign-up, which expires 24 hours after it was made.
    const expiresAt =
      purpose === 'verify' ? new Date(Math.min(now().getTime() + VERIFY_TTL_MS, Date.parse(user.created_at) + SIGN_UP_EXPIRY_MS)).toISOString() : iso(RESET_TTL_MS);
    // A new verification link replaces the last; a reset link never voids one still valid, which the owner may hold
    // while someone else asks for another (D-036): each works once, for its own hour, and a reset ends the others.
    if (purpose === 'verify') await store.retireTokens(db, user.uid, purpose, iso());
    await store.insertToken(db, { token_hash: hash, user_id: user.uid, purpose, created_at: iso(), expires_at: expiresAt, used_at: null });
    const page = purpose === 'verify' ? 'verify-email' : 'reset-password';
    const link = `${config.publicUrl}/${page}?token=${token}`;
    await mailer.send(
      purpose === 'verify' ? verificationMail(user.email, user.username, link) : resetMail(user.email, user.username, link, user.license_id),
    );
  }

  /** Tells a verified owner that their password is being guessed; a mail that fails must not change the answer. */
  async function tellOwnerOfGuessing(user: store.UserRow, failures: number): Promise<void> {
    if (Number(user.is_verified) !== 1) return;
    const minutes = Math.round(config.rateLimits.signIn.perAccount.windowSeconds / 60);
    try {
      await mailer.send(guessingMail(user.email, { username: user.username, licenseId: user.license_id, failures, minutes, signInLink: `${config.publicUrl}/login` }));
    } catch {
      // The sign-in answer does not depend on the warning; the next window tries again.
    }
  }

  /**
   * Checks license ID and password with product §8's messages; the account may still be unverified. Failures count per
   * (account, address) pair and per address (failed-sign-ins.ts, D-016); the owner hears by e-mail, once per window,
   * when their password is being guessed. An unknown license ID takes as long to refuse as a wrong password.
   */
  async function checkCredentials(input: SignInInput, caller: Caller): Promise<store.UserRow> {
    const attempt = await guesses.begin(licenseKey(input.licenseId), caller.ip);
    const found = await store.findUserByLicenseKey(db, licenseKey(input.licenseId));
    const user = found && !isExpiredSignUp(found) ? found : undefined;
    const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDecoy(input.password);
    if (!user || !passwordOk) {
      const failures = await attempt.failed(user !== undefined);
      if (user && failures === config.rateLimits.signIn.perAccount.max) await tellOwnerOfGuessing(user, failures);
      if (!user) throw unauthenticated(messages.invalidCredentials);
      await note(user.uid, 'wrong-password', caller);
      throw unauthenticated(messages.invalidPassword, { field: 'password' });
    }
    await attempt.succeeded();
    if (!user.email) throw conflict(messages.accountConfigurationError);
    return user;
  }

  /** Ends a session; its user counts as signed out when it was their last. */
  async function endSession(executor: Executor, tokenHash: string): Promise<void> {
    const userId = await store.deleteSession(executor, tokenHash);
    if (userId && (await store.countUserSessions(executor, userId, iso())) === 0) {
      await store.updateUser(executor, userId, { is_logged_in: 0 });
    }
  }

  /** 'Your SEVA password was changed': a mail that fails does not undo the change (the activity notes it too). */
  async function tellPasswordChanged(user: store.UserRow, caller?: Caller): Promise<void> {
    try {
      await mailer.send(
        passwordChangedMail(user.email, {
          username: user.username,
          licenseId: user.license_id,
          changedAt: now(),
          from: describeUserAgent(caller?.userAgent),
          secureLink: `${config.publicUrl}/forgot-password`,
        }),
      );
    } catch {
      // The password is changed; the activity list shows it.
    }
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

  /** Checks a sign-up (its limits counted), makes the account and sends its verification link. */
  async function register(input: SignUpInput): Promise<void> {
    // One address that the mailer reads back as itself, never a list or a name with an address in it.
    if (!isSingleMailAddress(input.email)) throw invalid(messages.invalidEmail, 'email');
    if (isWeakPassword(input.password, [input.username, input.email, input.licenseId])) {
      throw invalid(messages.passwordTooWeak, 'password');
    }
    // A sign-up never verified within 24 hours no longer holds its e-mail or license ID.
    await store.deleteExpiredSignUps(db, iso(-SIGN_UP_EXPIRY_MS), { email: input.email, licenseKey: licenseKey(input.licenseId) });
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
        // A closed account that held this e-mail or license ID can no longer be restored (issue #21).
        await closed.endRestoresHolding(trx, user.email, user.license_key);
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
  }

  return {
    /** Counts one attempt at `action` from this address (and account); too many in the window is refused. */
    limit,
    forgive,

    /**
     * Housekeeping: removes expired sessions, used links, links that expired over a week ago (until then a click
     * still says the link expired) and rate-limit windows that have ended. Answers the rows removed per table.
     */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      const nowIso = at.toISOString();
      const linksExpiredBefore = new Date(at.getTime() - EXPIRED_LINK_RETENTION_MS).toISOString();
      return {
        unverified_users: await store.deleteExpiredSignUps(db, new Date(at.getTime() - SIGN_UP_EXPIRY_MS).toISOString()),
        sessions: await store.deleteExpiredSessions(db, nowIso),
        auth_tokens: await store.deleteSpentTokens(db, linksExpiredBefore),
        rate_limits: await limits.deleteEnded(db, nowIso),
      };
    },

    /** A refused sign-up does not count against the e-mail address it names, so nobody can block it for its owner. */
    async signUp(input: SignUpInput, caller: Caller): Promise<void> {
      await limit('signUp', caller.ip, input.email);
      try {
        await register(input);
      } catch (error) {
        const { account } = limitKeys('signUp', caller.ip, input.email);
        if (account) await limits.takeBack(db, account);
        throw error;
      }
    },

    /** `previousSession`: the session cookie the browser sent, if any; the new session replaces it. */
    async signIn(input: SignInInput, caller: Caller, previousSession?: string) {
      let user: store.UserRow;
      try {
        user = await checkCredentials(input, caller);
        if (Number(user.is_verified) !== 1) throw refused('Verification Required', { code: 'unverified' });
      } catch (error) {
        deps.metrics?.signIns.inc({ outcome: signInRefusal(error) });
        throw error;
      }
      const { token, hash } = newToken();
      const loginTime = iso();
      await db.transaction().execute(async (trx) => {
        if (previousSession) await endSession(trx, hashToken(previousSession));
        await store.insertSession(trx, {
          token_hash: hash,
          user_id: user.uid,
          created_at: loginTime,
          expires_at: sessionExpiry(loginTime, now()),
          user_agent: caller.userAgent,
          last_used_at: loginTime,
        });
        await store.updateUser(trx, user.uid, {
          is_logged_in: 1,
          is_verified: 1,
          last_login_time: loginTime,
          last_login_device: caller.userAgent,
        });
      });
      await note(user.uid, 'signed-in', caller);
      deps.metrics?.signIns.inc({ outcome: 'success' });
      const fresh = await store.findUserById(db, user.uid);
      return { token, user: fresh ?? user };
    },

    async resendVerification(input: SignInInput, caller: Caller): Promise<'sent' | 'already-verified'> {
      await limit('resend', caller.ip);
      // It checks a password as sign-in does, so a wrong one counts as a failed sign-in; only the owner uses up the
      // account's e-mail allowance.
      const user = await checkCredentials(input, caller);
      if (Number(user.is_verified) === 1) return 'already-verified';
      await limitKey(`resend:account:${user.license_key}`, config.rateLimits.resend.perAccount, ['resend', 'account']);
      await sendLink(user, 'verify');
      return 'sent';
    },

    /**
     * Verifies the e-mail a link was sent to. A link that can no longer be used (used, replaced by a newer one, or
     * expired) of an account that is verified by now says so, rather than that the link is invalid.
     */
    async verifyEmail(token: string, caller?: Caller): Promise<'verified' | 'already-verified'> {
      const row = await store.findToken(db, hashToken(token), 'verify');
      if (row && (row.used_at || row.expires_at <= iso())) {
        const user = await store.findUserById(db, row.user_id);
        if (user && Number(user.is_verified) === 1) return 'already-verified';
      }
      const userId = await useLink(token, 'verify', (trx, id) => store.updateUser(trx, id, { is_verified: 1 }));
      await note(userId, 'email-verified', caller);
      return 'verified';
    },

    /** Whether a reset link can still be used, without using it: the reset page asks when it opens. */
    async checkResetLink(token: string): Promise<void> {
      await liveLink(token, 'reset');
    },

    async requestPasswordReset(input: ResetRequestInput, caller: Caller): Promise<void> {
      await limit('reset', caller.ip, input.email);
      const user = await store.findUserByEmail(db, input.email);
      if (!user || isExpiredSignUp(user)) throw notFound(messages.noAccountWithEmail);
      try {
        await sendLink(user, 'reset');
      } catch {
        throw unavailable(messages.resetFailed);
      }
    },

    /** Answers the account whose password was reset (its glasses may be unpaired next, D-040). */
    async resetPassword(input: NewPasswordInput, caller?: Caller): Promise<string> {
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
        await store.retireTokens(trx, userId, 'reset', iso());
      });
      // With a new password the owner may sign in from every address again, even one that was blocked.
      if (user) await guesses.forgetAccount(user.license_key);
      await note(row.user_id, 'password-changed', caller);
      if (user) await tellPasswordChanged(user, caller);
      return row.user_id;
    },

    /**
     * 'Change password' on /profile (issue #21): the current password confirms it (a wrong one counts as a failed
     * sign-in and gets 'Invalid password' on its field); the new one follows sign-up's rules. With `signOutOthers`
     * every other session of the user ends in the same transaction. Answers how many browsers were signed out.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string; signOutOthers: boolean }, caller: Caller, currentToken: string | undefined): Promise<number> {
      const user = await store.findUserById(db, userId);
      if (!user) throw unauthenticated(messages.signInRequired);
      const attempt = await guesses.begin(user.license_key, caller.ip);
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        await attempt.failed(true);
        await note(user.uid, 'wrong-password', caller);
        throw invalid(messages.invalidPassword, 'currentPassword');
      }
      await attempt.succeeded();
      if (isWeakPassword(input.newPassword, [user.username, user.email, user.license_id])) throw invalid(messages.passwordTooWeak, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const signedOut = await db.transaction().execute(async (trx) => {
        await store.updateUser(trx, userId, { password_hash: passwordHash });
        return input.signOutOthers ? store.deleteOtherSessions(trx, userId, currentToken ? hashToken(currentToken) : '') : 0;
      });
      await guesses.forgetAccount(user.license_key);
      await note(userId, 'password-changed', caller);
      if (signedOut > 0) await note(userId, 'signed-out-others', caller);
      await tellPasswordChanged(user, caller);
      return signedOut;
    },

    ...browserSessions(db, now),

    /**
     * Checks the signed-in user's password before a step that cannot be undone (deleting the account). A wrong one is
     * counted as a failed sign-in (the same limits), noted in the activity, and refused with SPEC's 'Invalid password'.
     */
    async confirmPassword(userId: string, password: string, caller: Caller): Promise<void> {
      const user = await store.findUserById(db, userId);
      if (!user) throw unauthenticated(messages.signInRequired);
      const attempt = await guesses.begin(user.license_key, caller.ip);
      if (!(await verifyPassword(user.password_hash, password))) {
        await attempt.failed(true);
        await note(user.uid, 'wrong-password', caller);
        throw refused(messages.invalidPassword, { field: 'password' });
      }
      await attempt.succeeded();
    },

    /**
     * The account's deletion, inside its transaction, after every other module's rows: the sessions (each browser is
     * signed out on its next request), links, rate-limit counters that name the account, and the user record, which
     * frees the e-mail and license ID.
     */
    async eraseUser(trx: Executor, userId: string): Promise<void> {
      const user = await store.findUserById(trx, userId);
      if (!user) return;
      await store.deleteUserSessions(trx, userId);
      await store.deleteUserTokens(trx, userId);
      // A closed account's own e-mail and license ID are in its closure (issue #21).
      const own = (await closed.erase(trx, userId)) ?? user;
      for (const { email, license_key } of own === user ? [user] : [user, own]) {
        await limits.clearAccounts(trx, [email, license_key, encodeURIComponent(license_key), user.uid]);
      }
      await store.deleteUser(trx, userId);
    },

    /**
     * Closes the account in the caller's transaction (issue #21): sessions and links end, sign-in answers 'Invalid
     * credentials', and the e-mail and license ID are free to register again. Answers the restore link's token.
     */
    async closeAccount(trx: Executor, userId: string): Promise<{ token: string; until: Date }> {
      const user = await store.findUserById(trx, userId);
      if (!user) throw unauthenticated(messages.signInRequired);
      return closed.close(trx, user);
    },

    /** 'Restore my account': the account is back, signed out; noted in its activity. */
    async restoreAccount(token: string, caller?: Caller): Promise<void> {
      const userId = await closed.restore(token);
      await note(userId, 'account-restored', caller);
    },

    /** Closed accounts whose final erase is due. */
    closedAccountsDue: (at?: Date) => closed.due(at),
    /** Takes a closed account for its final erase, in the erase's transaction; false when it is not (or no longer) closed. */
    claimClosedAccount: (trx: Executor, userId: string) => closed.claim(trx, userId),

    async signOut(token: string | undefined): Promise<void> {
      if (token) await endSession(db, hashToken(token));
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
