import { randomUUID } from 'node:crypto';
import { APP_VERSION, longDate, messages, type Locale, type SignInInput, type SignUpInput } from '@seva/shared';
import type { Caller } from '../../caller.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { conflict, invalid, unavailable } from '../../domain-errors.ts';
import { isSingleMailAddress } from '../../mail/mail-address.ts';
import { hashToken } from '../../tokens.ts';
import { licenseKey, SIGN_UP_EXPIRY_MS, type IdentityContext } from './context.ts';
import type { Closures } from './closures.ts';
import type { Credentials } from './credentials.ts';
import { identityQrDataUrl } from './identity-qr.ts';
import type { Links } from './links.ts';
import { hashPassword, isWeakPassword } from './passwords.ts';
import * as store from './store.ts';

/** Sign-up, the verification link and its resending. */
export function signUps(ctx: IdentityContext, links: Links, credentials: Credentials, closed: Pick<Closures, 'holdingLicense' | 'endRestoresHolding'>) {
  const { db, iso } = ctx;

  /** Checks a sign-up, makes the account and sends its verification link. */
  async function register(input: SignUpInput, locale: Locale | undefined): Promise<void> {
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
      // The language of the page they signed up on: their e-mails' language until they choose another.
      locale: locale ?? null,
    };
    user.qr_code = await identityQrDataUrl(user);
    try {
      await db.transaction().execute(async (trx) => {
        await store.insertUser(trx, user);
        // In the transaction, so that an account closed meanwhile keeps its license ID too.
        const closure = await closed.holdingLicense(trx, user.license_key);
        if (closure) throw conflict(messages.licenseIdOfClosedAccount(longDate(closure.closedAt), longDate(closure.restoreUntil)), 'licenseId');
        for (const created of ctx.onUserCreated ?? []) await created(trx, { uid: user.uid, email: user.email, createdAt });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const detail = String((error as Error).message);
      if (detail.includes('license')) throw conflict(messages.licenseIdAlreadyRegistered, 'licenseId');
      throw conflict(messages.emailInUse, 'email');
    }
    try {
      await links.send(user, 'verify', locale);
    } catch {
      await store.deleteUser(db, user.uid);
      throw unavailable(messages.registrationFailed);
    }
  }

  return {
    /** A refused sign-up does not count against the e-mail address it names, so nobody can block it for its owner. */
    async signUp(input: SignUpInput, caller: Caller): Promise<void> {
      await ctx.limits.signUp.count(caller.ip, input.email);
      try {
        await register(input, caller.locale);
      } catch (error) {
        await ctx.limits.signUp.forgiveAccount(input.email);
        throw error;
      }
    },

    async resendVerification(input: SignInInput, caller: Caller): Promise<'sent' | 'already-verified'> {
      await ctx.limits.resend.count(caller.ip);
      // It checks a password as sign-in does, so a wrong one counts as a failed sign-in; only the owner uses up the
      // account's e-mail allowance.
      const user = await credentials.check(input, caller);
      if (Number(user.is_verified) === 1) return 'already-verified';
      await ctx.limits.resend.countAccount(user.license_key);
      await links.send(user, 'verify', caller.locale);
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
      const userId = await links.use(token, 'verify', async (trx, id) => {
        await store.updateUser(trx, id, { is_verified: 1 });
        // Whoever verifies the e-mail owns it: a closed account that had it can no longer be restored (D-072).
        const user = await store.findUserById(trx, id);
        if (user) await closed.endRestoresHolding(trx, user.email);
      });
      await ctx.note(userId, 'email-verified', caller);
      return 'verified';
    },
  };
}
