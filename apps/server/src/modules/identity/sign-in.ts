import type { SignInInput } from '@seva/shared';
import type { Caller } from '../../caller.ts';
import { DomainError, refused } from '../../domain-errors.ts';
import type { SignInOutcome } from '../../metrics/portal-metrics.ts';
import type { IdentityContext } from './context.ts';
import type { Credentials } from './credentials.ts';
import * as store from './store.ts';

/** A refused sign-in's reason, as the metrics count it (never who or from where). */
function signInRefusal(error: unknown): SignInOutcome {
  if (!(error instanceof DomainError)) return 'other';
  if (error.kind === 'too-many') return 'too_many_attempts';
  if (error.kind === 'refused' && error.details.code === 'unverified') return 'unverified';
  if (error.kind === 'unauthenticated') return error.details.field === 'password' ? 'wrong_password' : 'unknown_license_id';
  return 'other';
}

/** Sign-in: a verified account's credentials start a session (modules/sessions/). */
export function signIns(ctx: IdentityContext, credentials: Credentials) {
  const { db } = ctx;
  return {
    /** `previousSession`: the session cookie the browser sent, if any; the new session replaces it. */
    async signIn(input: SignInInput, caller: Caller, previousSession?: string) {
      let user: store.UserRow;
      try {
        user = await credentials.check(input, caller);
        if (Number(user.is_verified) !== 1) throw refused(/*i18n*/ 'Verification Required', { code: 'unverified' });
      } catch (error) {
        ctx.metrics?.signIns.inc({ outcome: signInRefusal(error) });
        throw error;
      }
      const loginTime = ctx.iso();
      const token = await db.transaction().execute(async (trx) => {
        const started = await ctx.sessions.start(trx, { userId: user.uid, userAgent: caller.userAgent, at: loginTime, previousToken: previousSession });
        await store.updateUser(trx, user.uid, {
          is_logged_in: 1,
          is_verified: 1,
          last_login_time: loginTime,
          last_login_device: caller.userAgent,
        });
        return started;
      });
      await ctx.note(user.uid, 'signed-in', caller);
      ctx.metrics?.signIns.inc({ outcome: 'success' });
      const fresh = await store.findUserById(db, user.uid);
      return { token, user: fresh ?? user };
    },
  };
}
