import { DEFAULT_LOCALE, messages, type Locale } from '@seva/shared';
import { i18nOfAccount } from '../../i18n/catalogs.ts';
import type { Executor } from '../../db/database.ts';
import { expired, invalid } from '../../domain-errors.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { VERIFY_TTL_MS, RESET_TTL_MS, SIGN_UP_EXPIRY_MS, type IdentityContext } from './context.ts';
import { resetMail, verificationMail } from './emails.ts';
import * as store from './store.ts';

type LinkPurpose = 'verify' | 'reset';

/** The links identity mails (verify an e-mail, reset a password): each single-use, for its own time. */
export function links(ctx: IdentityContext) {
  const { db, iso, config } = ctx;

  /** The link a token names, if it is unused and unexpired. */
  async function live(token: string, purpose: LinkPurpose) {
    const row = await store.findToken(db, hashToken(token), purpose);
    if (!row || row.used_at) throw invalid(messages.linkInvalid);
    if (row.expires_at <= iso()) throw expired(messages.linkExpired);
    return row;
  }

  return {
    live,

    /** Mails a new link, in the account's language, else `locale`: the language of the page the user asked from. */
    async send(user: store.UserRow, purpose: LinkPurpose, locale: Locale = DEFAULT_LOCALE): Promise<void> {
      const i18n = i18nOfAccount(user, locale);
      const { token, hash } = newToken();
      // A verification link never outlives its sign-up, which expires 24 hours after it was made.
      const expiresAt =
        purpose === 'verify' ? new Date(Math.min(ctx.now().getTime() + VERIFY_TTL_MS, Date.parse(user.created_at) + SIGN_UP_EXPIRY_MS)).toISOString() : iso(RESET_TTL_MS);
      // A new verification link replaces the last; a reset link never voids one still valid, which the owner may hold
      // while someone else asks for another (D-036): each works once, for its own hour, and a reset ends the others.
      if (purpose === 'verify') await store.retireTokens(db, user.uid, purpose, iso());
      await store.insertToken(db, { token_hash: hash, user_id: user.uid, purpose, created_at: iso(), expires_at: expiresAt, used_at: null });
      const page = purpose === 'verify' ? 'verify-email' : 'reset-password';
      const link = `${config.publicUrl}/${page}?token=${token}`;
      await ctx.mailer.send(
        purpose === 'verify'
          ? verificationMail(i18n, user.email, user.username, link, expiresAt)
          : resetMail(i18n, user.email, user.username, link, user.license_id, expiresAt),
      );
    },

    /** A single-use link: valid, unused and unexpired, then consumed together with `effect`. Answers its user. */
    async use(token: string, purpose: LinkPurpose, effect: (trx: Executor, userId: string) => Promise<void>): Promise<string> {
      const row = await live(token, purpose);
      await db.transaction().execute(async (trx) => {
        if (!(await store.consumeToken(trx, row.token_hash, iso()))) throw invalid(messages.linkInvalid);
        await effect(trx, row.user_id);
      });
      return row.user_id;
    },
  };
}

export type Links = ReturnType<typeof links>;
