import { randomUUID } from 'node:crypto';
import {
  acceptAsExistingHelperSchema,
  acceptAsNewHelperSchema,
  alreadyHelping,
  alreadyInvited,
  helperMessages,
  INVITATION_DAYS,
  MAX_HELPERS,
  messages,
  noLongerHelping,
  type ChangeHelperPasswordInput,
  type HelperSessionInfo,
  type HelperSignedInAnswer,
  type HelperSignInInput,
  type HelperSummary,
  type InvitationSummary,
  type InviteHelperInput,
  type NewPasswordInput,
} from '@seva/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { conflict, expired, invalid, notFound, refused, unauthenticated, unavailable } from '../../domain-errors.ts';
import { isSingleMailAddress } from '../../mail/mail-address.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { parseInput } from '../../parse-input.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { ACTIVITY_RETENTION_MS } from '../activity/service.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';
import { failedSignIns } from '../identity/failed-sign-ins.ts';
import { hashPassword, isWeakPassword, verifyAgainstDecoy, verifyPassword } from '../identity/passwords.ts';
import { isTouchDue, sessionExpiry } from '../sessions/lifetime.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import { acceptedMail, declinedMail, helperResetMail, invitationMail, removedMail, stoppedMail, wearerDeletedMail } from './emails.ts';
import * as store from './store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_TTL_MS = INVITATION_DAYS * DAY_MS;
const HELPER_RESET_TTL_MS = 60 * 60 * 1000;
/** Spent links (declined, cancelled, expired) are kept a week, so a late click still says what became of it. */
const SPENT_LINK_RETENTION_MS = 7 * DAY_MS;

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

interface HelpersDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  /** The attempt limits helpers declare (invitations, reset requests), and failed sign-ins' counters: the wearers' own. */
  limits: Pick<AttemptLimits, 'action' | 'counters' | 'clearAccounts'>;
  /** Ends a wearer's session that a browser carried when a helper signs in on it. */
  endWearerSession: (token: string | undefined) => Promise<void>;
  now?: () => Date;
}

type AcceptInput = { token: string; name?: string | undefined; password: string; confirmPassword?: string | undefined };

/** Failed helper sign-ins count per (account, address) as the wearers' do; the account part never looks like a license key. */
const signInAccount = (email: string) => `helper:${email}`;

/**
 * Issue #18, helpers: a wearer invites someone they trust, who signs in with their own account and acts for the
 * wearer within a fixed set of powers, until either side ends it. Every request of a helper is checked against the
 * link here (`identify`), so an ended link takes effect on the helper's next request.
 */
export function createHelpersService(deps: HelpersDeps) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const guesses = failedSignIns(deps.limits.counters, config.rateLimits.signIn);
  const limits = { invite: deps.limits.action('helperInvite'), reset: deps.limits.action('reset') };

  /** A notice that fails to send must not undo what happened: the state is the truth, the e-mail a courtesy. */
  async function tell(mail: Mail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch {
      // Nothing to retry with: the portal shows the same state.
    }
  }

  /** The invitation a token names, if it can still be accepted; otherwise what became of it (404 or 410). */
  async function openInvitation(token: string) {
    const link = await store.findLinkByToken(db, hashToken(token));
    if (!link) throw notFound(helperMessages.invitationInvalid);
    switch (link.status) {
      case 'invited':
        if (link.expires_at <= iso()) throw expired(helperMessages.invitationExpired);
        return link;
      case 'cancelled':
        throw expired(helperMessages.invitationCancelled);
      case 'declined':
        throw expired(helperMessages.invitationDeclined);
      case 'expired':
        throw expired(helperMessages.invitationExpired);
      default:
        throw expired(helperMessages.invitationUsed);
    }
  }

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

  async function probeOf(tokenHash: string): Promise<HelperSignedInAnswer | undefined> {
    const row = await store.findSession(db, tokenHash, iso());
    if (!row) return undefined;
    const wearers = (await store.activeWearersOf(db, row.helper_id)).map((w) => ({ id: w.uid, username: w.username }));
    const acting = row.link_id && row.uid ? { id: row.uid, username: row.username! } : null;
    const helper: HelperSessionInfo = { id: row.helper_id, name: row.helper_name, email: row.helper_email, actingFor: acting, wearers };
    if (!acting && row.uid && row.username) helper.ended = { username: row.username };
    return { user: acting ? toSessionUser(row as SignedInUser, { withQrCode: false }) : null, helper };
  }

  async function checkPassword(account: store.HelperAccountRow | undefined, password: string, caller: Caller, email: string): Promise<store.HelperAccountRow> {
    const attempt = await guesses.begin(signInAccount(email), caller.ip);
    const ok = account ? await verifyPassword(account.password_hash, password) : await verifyAgainstDecoy(password);
    if (!account || !ok) {
      await attempt.failed(account !== undefined);
      throw unauthenticated(messages.invalidCredentials);
    }
    await attempt.succeeded();
    return account;
  }

  return {
    /** The wearer's open invitations and helpers. */
    async list(wearer: SignedInUser): Promise<HelperSummary[]> {
      const rows = await store.listOpenLinks(db, wearer.uid, iso());
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        status: row.status === 'active' ? 'active' : 'invited',
        invitedAt: row.invited_at,
        acceptedAt: row.accepted_at,
      }));
    },

    /** Invites a helper: at most five helpers and open invitations, one per address; the e-mail carries the one link. */
    async invite(wearer: SignedInUser, input: InviteHelperInput, caller: Caller): Promise<HelperSummary> {
      await limits.invite.count(caller.ip, input.email);
      await limits.invite.countAccount(wearer.uid, 'wearer');
      if (!isSingleMailAddress(input.email)) throw invalid(messages.invalidEmail, 'email');
      if (input.email === wearer.email.toLowerCase()) throw conflict(helperMessages.ownAddress, 'email');
      const { token, hash } = newToken();
      const at = iso();
      const row: store.HelperLinkRow = {
        id: randomUUID(),
        wearer_id: wearer.uid,
        helper_id: null,
        name: input.name,
        email: input.email,
        status: 'invited',
        token_hash: hash,
        invited_at: at,
        expires_at: iso(INVITATION_TTL_MS),
        accepted_at: null,
        ended_at: null,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await store.expireInvitations(trx, at, wearer.uid);
          await store.lockOpenLinks(trx, wearer.uid);
          const existing = await store.findOpenLinkByEmail(trx, wearer.uid, input.email);
          if (existing) throw conflict(existing.status === 'active' ? alreadyHelping(input.email) : alreadyInvited(input.email), 'email');
          if ((await store.countOpenLinks(trx, wearer.uid)) >= MAX_HELPERS) throw conflict(helperMessages.tooMany);
          await store.insertLink(trx, row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(alreadyInvited(input.email), 'email');
        throw error;
      }
      try {
        await mailer.send(invitationMail(input.email, { helperName: input.name, wearer: wearer.username, link: `${config.publicUrl}/helper/accept?token=${token}` }));
      } catch {
        await store.deleteLink(db, row.id);
        throw unavailable('The invitation could not be sent. Please try again.');
      }
      return { id: row.id, name: row.name, email: row.email, status: 'invited', invitedAt: at, acceptedAt: null };
    },

    /** Cancels an open invitation or removes an active helper (who is told by e-mail); their next request is refused. */
    async remove(wearer: SignedInUser, id: string): Promise<void> {
      const link = await store.findOpenLink(db, wearer.uid, id);
      if (!link) throw notFound(helperMessages.helperNotFound);
      const to = link.status === 'active' ? 'removed' : 'cancelled';
      if (!(await store.moveLink(db, link.id, link.status, { status: to, ended_at: iso() }))) throw notFound(helperMessages.helperNotFound);
      if (to === 'removed' && link.helper_id) {
        const helper = await store.findAccount(db, link.helper_id);
        if (helper) await tell(removedMail(helper.email, { helperName: helper.name, wearer: wearer.username }));
      }
    },

    /** What the invitation page shows before the helper accepts. */
    async inspect(token: string): Promise<InvitationSummary> {
      const link = await openInvitation(token);
      const account = await store.findAccountByEmail(db, link.email);
      return { wearer: { username: link.wearer_username }, helperName: link.name, email: link.email, hasAccount: account !== undefined };
    },

    /**
     * Accepts an invitation: the link proves the address. Without a helper account for it, the helper chooses a name
     * and password (SPEC's rules); with one, its password. The browser is then signed in as the helper, acting for
     * this wearer, whatever session it had; the wearer is told by e-mail.
     */
    async accept(body: AcceptInput, caller: Caller, previousToken: string | undefined): Promise<{ token: string; probe: HelperSignedInAnswer }> {
      const link = await openInvitation(body.token);
      const existing = await store.findAccountByEmail(db, link.email);
      let account: store.HelperAccountRow;
      if (existing) {
        const input = parseInput(acceptAsExistingHelperSchema, { token: body.token, password: body.password });
        account = await checkPassword(existing, input.password, caller, link.email);
      } else {
        const input: z.infer<typeof acceptAsNewHelperSchema> = parseInput(acceptAsNewHelperSchema, body);
        if (isWeakPassword(input.password, [input.name, link.email])) throw invalid(messages.passwordTooWeak, 'password');
        account = { id: randomUUID(), email: link.email, name: input.name, password_hash: await hashPassword(input.password), created_at: iso() };
      }
      const token = await db.transaction().execute(async (trx) => {
        if (!existing) await store.insertAccount(trx, account);
        if (!(await store.moveLink(trx, link.id, 'invited', { status: 'active', helper_id: account.id, accepted_at: iso() }))) throw expired(helperMessages.invitationUsed);
        return newSession(trx, account.id, link.wearer_id, caller);
      });
      await endPrevious(previousToken);
      await tell(acceptedMail(link.wearer_email, { wearer: link.wearer_username, helperName: link.name, profileLink: `${config.publicUrl}/profile` }));
      return { token, probe: (await probeOf(hashToken(token)))! };
    },

    /** Declines an invitation: it can no longer be used, and the wearer is told. */
    async decline(token: string): Promise<void> {
      const link = await openInvitation(token);
      if (!(await store.moveLink(db, link.id, 'invited', { status: 'declined', ended_at: iso() }))) throw expired(helperMessages.invitationUsed);
      await tell(declinedMail(link.wearer_email, { wearer: link.wearer_username, helperName: link.name }));
    },

    /** Helper sign-in: 'Invalid credentials' for a wrong address or password alike; acts for the wearer when there is one. */
    async signIn(input: HelperSignInInput, caller: Caller, previousToken: string | undefined): Promise<{ token: string; probe: HelperSignedInAnswer }> {
      const account = await checkPassword(await store.findAccountByEmail(db, input.email), input.password, caller, input.email);
      const wearers = await store.activeWearersOf(db, account.id);
      const token = await newSession(db, account.id, wearers.length === 1 ? wearers[0]!.uid : null, caller);
      await endPrevious(previousToken);
      return { token, probe: (await probeOf(hashToken(token)))! };
    },

    /** A reset link by e-mail when a helper account has this address; the same answer either way. */
    async requestPasswordReset(email: string, caller: Caller): Promise<void> {
      await limits.reset.count(caller.ip, signInAccount(email));
      const account = await store.findAccountByEmail(db, email);
      if (!account) return;
      const { token, hash } = newToken();
      await store.insertResetToken(db, { token_hash: hash, helper_id: account.id, created_at: iso(), expires_at: iso(HELPER_RESET_TTL_MS) });
      await tell(helperResetMail(account.email, { helperName: account.name, link: `${config.publicUrl}/helper/reset-password?token=${token}` }));
    },

    /** A new password from a reset link: every browser of the helper signs in again; every address may try again. */
    async resetPassword(input: NewPasswordInput): Promise<void> {
      const row = await store.findResetToken(db, hashToken(input.token));
      if (!row || row.used_at) throw invalid(messages.linkInvalid);
      if (row.expires_at <= iso()) throw expired(messages.linkExpired);
      const account = await store.findAccount(db, row.helper_id);
      if (!account) throw invalid(messages.linkInvalid);
      if (isWeakPassword(input.password, [account.name, account.email])) throw invalid(messages.passwordTooWeak, 'password');
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        if (!(await store.consumeResetToken(trx, row.token_hash, iso()))) throw invalid(messages.linkInvalid);
        await store.setPassword(trx, account.id, passwordHash);
        await store.deleteHelperSessions(trx, account.id);
      });
      await guesses.forgetAccount(signInAccount(account.email));
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
    async actFor(helper: HelperCaller, wearerId: string): Promise<HelperSignedInAnswer> {
      if (!(await store.findActiveLink(db, helper.helperId, wearerId))) throw refused(helperMessages.notYourWearer);
      await store.setActingFor(db, helper.tokenHash, wearerId);
      return (await probeOf(helper.tokenHash))!;
    },

    /** A helper's new password: the current one confirms it; the helper's other browsers sign in again. */
    async changePassword(helper: HelperCaller, input: ChangeHelperPasswordInput): Promise<void> {
      const account = await store.findAccount(db, helper.helperId);
      if (!account || !(await verifyPassword(account.password_hash, input.currentPassword))) throw invalid(messages.invalidPassword, 'currentPassword');
      if (isWeakPassword(input.newPassword, [account.name, account.email])) throw invalid(messages.passwordTooWeak, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await store.setPassword(trx, account.id, passwordHash);
        await store.deleteHelperSessions(trx, account.id, helper.tokenHash);
      });
    },

    /** 'Stop helping {wearer}': the link ends, the helper's browsers act for nobody, and the wearer is told. */
    async stopHelping(helper: HelperCaller, wearerId: string): Promise<void> {
      const link = await store.findActiveLink(db, helper.helperId, wearerId);
      if (!link) throw notFound(helperMessages.notYourWearer);
      await db.transaction().execute(async (trx) => {
        if (!(await store.moveLink(trx, link.id, 'active', { status: 'stopped', ended_at: iso() }))) throw notFound(helperMessages.notYourWearer);
        await store.releaseWearer(trx, wearerId, helper.helperId);
      });
      const row = await store.findWearer(db, wearerId);
      if (row) await tell(stoppedMail(row.email, { wearer: row.username, helperName: link.name, accountDeleted: false }));
    },

    /** Deletes the helper's account once its password is confirmed: every link ends (kept for the wearers' record) and each wearer is told. */
    async deleteAccount(helper: HelperCaller, password: string, caller: Caller): Promise<void> {
      const account = await store.findAccount(db, helper.helperId);
      await checkPassword(account, password, caller, helper.email);
      const wearers = await store.activeWearersOf(db, helper.helperId);
      await db.transaction().execute(async (trx) => {
        for (const wearer of wearers) await store.moveLink(trx, wearer.id, 'active', { status: 'stopped', ended_at: iso() });
        await store.deleteAccount(trx, helper.helperId);
      });
      await deps.limits.clearAccounts(db, [encodeURIComponent(signInAccount(helper.email)), signInAccount(helper.email)]);
      for (const wearer of wearers) await tell(stoppedMail(wearer.email, { wearer: wearer.username, helperName: wearer.name, accountDeleted: true }));
    },

    /** Ends a helper's session (sign-out); false when the token was not a helper's. */
    async signOut(token: string | undefined): Promise<void> {
      if (token) await store.deleteSession(db, hashToken(token));
    },

    /** The data download's helpers.json: every helper and invitation of the wearer, with what became of each. */
    async exportFor(wearerId: string) {
      return (await store.listAllLinks(db, wearerId)).map((row) => ({
        name: row.name,
        email: row.email,
        status: row.status === 'invited' && row.expires_at <= iso() ? 'expired' : row.status,
        invited_at: row.invited_at,
        accepted_at: row.accepted_at,
        ended_at: row.ended_at,
      }));
    },

    /**
     * Before the wearer's account is deleted: who helps them, so that each can be told once the deletion has
     * committed. Answers the step that tells them.
     */
    async beforeWearerDeleted(wearerId: string): Promise<() => Promise<void>> {
      const helpers = await store.activeHelpersOf(db, wearerId);
      const wearer = await store.findWearer(db, wearerId);
      return async () => {
        for (const helper of helpers) await tell(wearerDeletedMail(helper.email, { helperName: helper.name, wearer: wearer?.username ?? 'The wearer' }));
      };
    },

    /** The wearer's deletion, in its transaction: every link goes, and helpers' browsers act for nobody. */
    async eraseUser(trx: Executor, wearerId: string): Promise<void> {
      await store.releaseWearer(trx, wearerId);
      await store.deleteWearerLinks(trx, wearerId);
    },

    /** Housekeeping: expired helper sessions and reset links, expired invitations, and ended links past their keep. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      const nowIso = at.toISOString();
      const before = (ms: number) => new Date(at.getTime() - ms).toISOString();
      await store.expireInvitations(db, nowIso);
      return {
        helper_sessions: await store.deleteExpiredSessions(db, nowIso),
        helper_reset_tokens: await store.deleteSpentResetTokens(db, before(SPENT_LINK_RETENTION_MS)),
        helper_links:
          (await store.deleteEndedLinks(db, ['declined', 'cancelled', 'expired'], before(SPENT_LINK_RETENTION_MS))) +
          (await store.deleteEndedLinks(db, ['removed', 'stopped'], before(ACTIVITY_RETENTION_MS))),
      };
    },
  };
}

export type HelpersService = ReturnType<typeof createHelpersService>;
