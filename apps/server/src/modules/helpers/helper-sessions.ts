import { helperMessages, messages, noLongerHelping, type HelpedWearer, type HelperSessionInfo, type HelperSignInInput } from '@seva/shared';
import type { Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { refused, unauthenticated, type DomainError } from '../../domain-errors.ts';
import { isTouchDue, sessionExpiry } from '../sessions/lifetime.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { verifyAgainstDecoy, verifyPassword } from '../identity/passwords.ts';
import type { Caller } from '../../caller.ts';
import { toHelpedWearer } from '../sessions/session-user.ts';
import * as store from './store.ts';
import { signInAccount, type HelperKit } from './helper-kit.ts';
import { helperGuessingMail } from './emails.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

/** Who acts for the wearer when a helper does: the private scope's `request.actor` (plugins/session.ts). */
interface ActingHelper {
  kind: 'helper';
  helperId: string;
  /** The helper's own name. */
  name: string;
  /** The wearer's name for the helper, as their activity and faces name them. */
  shownAs: string;
}

/** A helper's signed-in browser as the helper's own routes know it. */
export interface HelperCaller {
  tokenHash: string;
  helperId: string;
  name: string;
  email: string;
}

/** GET /api/auth/session for a helper's browser: `user` is the wearer as a helper may see them (D-075). */
export interface HelperProbe {
  user: HelpedWearer | null;
  helper: HelperSessionInfo;
}

/** Helpers' signed-in browsers: signing in, the check on every request, acting for a wearer, signing out. */
export function createHelperSessions(kit: HelperKit) {
  const { deps, db, config, iso, now, guesses, tell } = kit;

  async function newSession(executor: Executor, helperId: string, actingFor: string | null, caller: Caller): Promise<string> {
    const { token, hash } = newToken();
    const at = iso();
    await store.insertSession(executor, {
      token_hash: hash,
      helper_id: helperId,
      acting_for: actingFor,
      created_at: at,
      expires_at: sessionExpiry(at, now()),
      user_agent: caller.userAgent,
      last_used_at: at,
    });
    return token;
  }

  /** Ends whatever session the browser had (a wearer's or a helper's): one browser, one person signed in. */
  async function endPrevious(previousToken: string | undefined): Promise<void> {
    if (!previousToken) return;
    await store.deleteSession(db, hashToken(previousToken));
    await deps.endWearerSession(previousToken);
  }

  async function probeOf(tokenHash: string): Promise<HelperProbe | undefined> {
    const row = await store.findSession(db, tokenHash, iso());
    if (!row) return undefined;
    const wearers = (await store.activeWearersOf(db, row.helper_id)).map((w) => ({ id: w.uid, username: w.username }));
    const acting = row.link_id && row.uid ? { id: row.uid, username: row.username! } : null;
    const helper: HelperSessionInfo = { id: row.helper_id, name: row.helper_name, email: row.helper_email, actingFor: acting, wearers };
    if (!acting && row.uid && row.username) helper.ended = { username: row.username };
    return { user: acting ? toHelpedWearer(row as SignedInUser) : null, helper };
  }

  /** The helper hears by e-mail, once per window, that their password is being guessed, as a wearer does. */
  async function tellOfGuessing(account: store.HelperAccountRow, failures: number): Promise<void> {
    const minutes = Math.round(config.rateLimits.signIn.perAccount.windowSeconds / 60);
    await tell(helperGuessingMail(i18nOfAccount(account), account.email, { helperName: account.name, failures, minutes, signInLink: `${config.publicUrl}/helper/sign-in` }));
  }

  /**
   * A helper's password, counted as a sign-in under its limits whatever asks (sign-in, accepting, changing or deleting):
   * a wrong one is a failure, refused with `refusal` ('Invalid credentials' unless the step's own), and the tenth in a
   * window e-mails the helper.
   */
  async function checkPassword(
    account: store.HelperAccountRow | undefined,
    password: string,
    caller: Caller,
    email: string,
    refusal: () => DomainError = () => unauthenticated(messages.invalidCredentials),
  ): Promise<store.HelperAccountRow> {
    const attempt = await guesses.begin(signInAccount(email), caller.ip);
    const ok = account ? await verifyPassword(account.password_hash, password) : await verifyAgainstDecoy(password);
    if (!account || !ok) {
      const failures = await attempt.failed(account !== undefined);
      if (account && failures === config.rateLimits.signIn.perAccount.max) await tellOfGuessing(account, failures);
      throw refusal();
    }
    await attempt.succeeded();
    return account;
  }

  const service = {
    /** Helper sign-in: 'Invalid credentials' for a wrong address or password alike; acts for the wearer when there is one. */
    async signIn(input: HelperSignInInput, caller: Caller, previousToken: string | undefined): Promise<{ token: string; probe: HelperProbe }> {
      const account = await checkPassword(await store.findAccountByEmail(db, input.email), input.password, caller, input.email);
      const wearers = await store.activeWearersOf(db, account.id);
      const token = await newSession(db, account.id, wearers.length === 1 ? wearers[0]!.uid : null, caller);
      await endPrevious(previousToken);
      return { token, probe: (await probeOf(hashToken(token)))! };
    },

    /**
     * The private scope's check of a helper's session, on every request: the wearer it acts for (their caller record)
     * and who acts; refused (403) when it acts for nobody or the wearer has ended the link. Undefined: not a helper's
     * session.
     */
    async identify(tokenHash: string): Promise<{ user: SignedInUser; actor: ActingHelper } | undefined> {
      const at = iso();
      const row = await store.findSession(db, tokenHash, at);
      if (!row) return undefined;
      if (isTouchDue(row.session_used_at, Date.parse(at))) await store.touchSession(db, tokenHash, at, sessionExpiry(row.session_created_at, now()));
      if (!row.uid) throw refused(helperMessages.chooseWearer, { code: 'no-wearer' });
      if (!row.link_id || !row.link_name) throw refused(noLongerHelping(row.username!), { code: 'helper-removed' });
      const { token_hash: _t, session_created_at: _c, session_used_at: _u, helper_id, helper_name, helper_email: _e, link_id: _l, link_name, ...user } = row;
      return { user: user as SignedInUser, actor: { kind: 'helper', helperId: helper_id, name: helper_name, shownAs: link_name } };
    },

    /** The helper's own routes: who the session belongs to, whoever it acts for; undefined when it is not a helper's. */
    async caller(tokenHash: string): Promise<HelperCaller | undefined> {
      const row = await store.findSession(db, tokenHash, iso());
      return row ? { tokenHash, helperId: row.helper_id, name: row.helper_name, email: row.helper_email } : undefined;
    },

    /** GET /api/auth/session for a helper's browser. */
    probe: probeOf,

    /** Chooses the wearer the helper acts for; only one with an active link. */
    async actFor(helper: HelperCaller, wearerId: string): Promise<HelperProbe> {
      if (!(await store.findActiveLink(db, helper.helperId, wearerId))) throw refused(helperMessages.notYourWearer);
      await store.setActingFor(db, helper.tokenHash, wearerId);
      return (await probeOf(helper.tokenHash))!;
    },

    /** Ends a helper's session (sign-out); false when the token was not a helper's. */
    async signOut(token: string | undefined): Promise<void> {
      if (token) await store.deleteSession(db, hashToken(token));
    },
  };

  return { steps: { newSession, endPrevious, probeOf, checkPassword }, service };
}

export type HelperSessions = ReturnType<typeof createHelperSessions>;
