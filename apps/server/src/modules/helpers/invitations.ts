import { randomUUID } from 'node:crypto';
import {
  acceptAsExistingHelperSchema,
  acceptAsNewHelperSchema,
  alreadyHelping,
  alreadyInvited,
  helperMessages,
  INVITATION_DAYS,
  INVITATIONS_PER_ADDRESS_HOUR,
  MAX_HELPERS,
  messages,
  type HelperSummary,
  type InvitationSummary,
  type InviteHelperInput,
} from '@seva/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { conflict, expired, invalid, notFound, tooMany, unavailable } from '../../domain-errors.ts';
import { isSingleMailAddress } from '../../mail/mail-address.ts';
import { parseInput } from '../../parse-input.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { hashPassword, isWeakPassword } from '../identity/passwords.ts';
import type { Caller } from '../../caller.ts';
import { acceptedMail, declinedMail, invitationMail, removedMail } from './emails.ts';
import * as store from './store.ts';
import * as links from './invitation-store.ts';
import { DAY_MS, type HelperKit } from './helper-kit.ts';
import type { HelperProbe, HelperSessions } from './helper-sessions.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

const INVITATION_TTL_MS = INVITATION_DAYS * DAY_MS;
const HOUR_MS = 60 * 60 * 1000;
/**
 * An address is sent at most this many invitations an hour by every wearer together, cancelled ones left out (D-073):
 * so many people can ask one helper at once, and nobody can keep others from inviting an address.
 */
const INVITATIONS_TO_ADDRESS_HOUR = 10;

type AcceptInput = { token: string; name?: string | undefined; password: string; confirmPassword?: string | undefined };

/** The wearer's invitations and helpers, and the invitation link the helper opens, accepts or declines. */
export function createInvitations(kit: HelperKit, { steps }: HelperSessions) {
  const { deps, db, config, iso, tell, limits } = kit;
  const { newSession, endPrevious, probeOf, checkPassword } = steps;
  const { mailer } = deps;

  /** The invitation a token names, if it can still be accepted; otherwise what became of it (404 or 410). */
  async function openInvitation(token: string) {
    const link = await links.findLinkByToken(db, hashToken(token));
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

  return {
    /** The wearer's open invitations and helpers. */
    async list(wearer: SignedInUser): Promise<HelperSummary[]> {
      const rows = await links.listOpenLinks(db, wearer.uid, iso());
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        status: row.status === 'active' ? 'active' : 'invited',
        invitedAt: row.invited_at,
        acceptedAt: row.accepted_at,
      }));
    },

    /**
     * Invites a helper: at most five helpers and open invitations, one per address; the e-mail carries the one link.
     * Limits (D-073): per caller's address and per wearer (attempt limits), then per (wearer, address) and per address.
     */
    async invite(wearer: SignedInUser, input: InviteHelperInput, caller: Caller): Promise<HelperSummary> {
      await limits.invite.count(caller.ip);
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
          await links.lockOpenLinks(trx, wearer.uid);
          const existing = await links.findOpenLinkByEmail(trx, wearer.uid, input.email);
          if (existing) throw conflict(existing.status === 'active' ? alreadyHelping(input.email) : alreadyInvited(input.email), 'email');
          if ((await links.countOpenLinks(trx, wearer.uid)) >= MAX_HELPERS) throw conflict(helperMessages.tooMany);
          // Counted from the invitations sent, so a refused or failed one never counts (D-073).
          const since = iso(-HOUR_MS);
          if ((await links.countSentTo(trx, input.email, since, wearer.uid)) >= INVITATIONS_PER_ADDRESS_HOUR) throw tooMany(helperMessages.invitedTooOften);
          if ((await links.countSentTo(trx, input.email, since)) >= INVITATIONS_TO_ADDRESS_HOUR) throw tooMany(messages.tooManyAttempts);
          await links.insertLink(trx, row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(alreadyInvited(input.email), 'email');
        throw error;
      }
      try {
        await mailer.send(invitationMail(i18nOfAccount({ locale: null }, caller.locale), input.email, { helperName: input.name, wearer: wearer.username, link: `${config.publicUrl}/helper/accept?token=${token}`, expiresAt: row.expires_at }));
      } catch {
        await links.deleteLink(db, row.id);
        throw unavailable(/*i18n*/ 'The invitation could not be sent. Please try again.');
      }
      return { id: row.id, name: row.name, email: row.email, status: 'invited', invitedAt: at, acceptedAt: null };
    },

    /** Cancels an open invitation or removes an active helper (who is told by e-mail); their next request is refused. */
    async remove(wearer: SignedInUser, id: string): Promise<void> {
      const link = await links.findOpenLink(db, wearer.uid, id);
      if (!link) throw notFound(helperMessages.helperNotFound);
      const to = link.status === 'active' ? 'removed' : 'cancelled';
      if (!(await store.moveLink(db, link.id, link.status, { status: to, ended_at: iso() }))) throw notFound(helperMessages.helperNotFound);
      if (to === 'removed' && link.helper_id) {
        const helper = await store.findAccount(db, link.helper_id);
        if (helper) await tell(removedMail(i18nOfAccount(helper), helper.email, { helperName: helper.name, wearer: wearer.username }));
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
    async accept(body: AcceptInput, caller: Caller, previousToken: string | undefined): Promise<{ token: string; probe: HelperProbe }> {
      const link = await openInvitation(body.token);
      const existing = await store.findAccountByEmail(db, link.email);
      let account: store.HelperAccountRow;
      if (existing) {
        const input = parseInput(acceptAsExistingHelperSchema, { token: body.token, password: body.password });
        account = await checkPassword(existing, input.password, caller, link.email);
      } else {
        const input: z.infer<typeof acceptAsNewHelperSchema> = parseInput(acceptAsNewHelperSchema, body);
        if (isWeakPassword(input.password, [input.name, link.email])) throw invalid(messages.passwordTooWeak, 'password');
        account = { id: randomUUID(), email: link.email, name: input.name, password_hash: await hashPassword(input.password), created_at: iso(), locale: caller.locale ?? null };
      }
      const token = await db
        .transaction()
        .execute(async (trx) => {
          if (!existing) await store.insertAccount(trx, account);
          if (!(await store.moveLink(trx, link.id, 'invited', { status: 'active', helper_id: account.id, accepted_at: iso() }))) throw expired(helperMessages.invitationUsed);
          return newSession(trx, account.id, link.wearer_id, caller);
        })
        .catch((error: unknown) => {
          // Two invitations to one new address, accepted at once: the other made the account first (issue #34). This
          // invitation stays open, and now asks for that account's password.
          if (!existing && isUniqueViolation(error)) throw conflict(helperMessages.accountMadeMeanwhile);
          throw error;
        });
      await endPrevious(previousToken);
      await tell(acceptedMail(i18nOfAccount({ locale: link.wearer_locale }), link.wearer_email, { wearer: link.wearer_username, helperName: link.name, profileLink: `${config.publicUrl}/profile` }));
      return { token, probe: (await probeOf(hashToken(token)))! };
    },

    /** Declines an invitation: it can no longer be used, and the wearer is told. */
    async decline(token: string): Promise<void> {
      const link = await openInvitation(token);
      if (!(await store.moveLink(db, link.id, 'invited', { status: 'declined', ended_at: iso() }))) throw expired(helperMessages.invitationUsed);
      await tell(declinedMail(i18nOfAccount({ locale: link.wearer_locale }), link.wearer_email, { wearer: link.wearer_username, helperName: link.name }));
    },
  };
}
