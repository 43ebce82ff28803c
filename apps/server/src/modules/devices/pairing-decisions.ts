import { randomUUID } from 'node:crypto';
import { accountLabel, deviceMessages, formatUserCode, scopesOf, scopeWords, type PairedDevice, type PendingPairing } from '@seva/shared';
import { approximateNetwork } from '../../client-address.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { conflict, type DomainError, expired, notFound, unavailable } from '../../domain-errors.ts';
import { pairedMail } from './emails.ts';
import * as store from './store.ts';
import type { DeviceKit } from './device-kit.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

export const toPairedDevice = (row: { id: string; name: string; paired_at: string; last_seen_at: string | null; scope: string }): PairedDevice => ({
  id: row.id,
  name: row.name,
  pairedAt: row.paired_at,
  lastSeenAt: row.last_seen_at,
  scopes: scopesOf(row.scope),
});

/** The user's side of pairing on /pair: the code typed, then 'Allow' or 'Deny'. */
export function createPairingDecisions(kit: DeviceKit) {
  const { deps, db, config, now, iso, flow, limits } = kit;
  const { mailer } = deps;

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
        account: accountLabel(user.username, user.email),
      };
    },

    /**
     * 'Allow', with the user's password (a link sent by someone else is not enough): pairs the glasses with the
     * user's account and tells the user by e-mail at once. The e-mail goes once the decision is stored, so that only
     * a pairing that happened is told (issue #34); when it cannot be sent, the pairing is taken back and the code can
     * be allowed again (the e-mail is how a user learns of glasses they did not pair).
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
      const decided = await db.transaction().execute(async (trx) => {
        await store.insertDevice(trx, device);
        const done = await store.decide(trx, row.user_code, { status: 'allowed', user_id: user.uid, device_id: device.id, decided_at: device.paired_at });
        if (!done) await store.deleteDevice(trx, user.uid, device.id);
        return done;
      });
      if (!decided) throw await lostDecision(row.user_code);
      try {
        const profileUrl = `${config.publicUrl}/profile`;
        const unpairUrl = `${profileUrl}?unpair=${device.id}`;
        await mailer.send(pairedMail(i18nOfAccount(user), user.email, { username: user.username, deviceName: device.name, pairedAt, grants: scopeWords(scopesOf(row.scope)), profileUrl, unpairUrl }));
      } catch {
        await db.transaction().execute(async (trx) => {
          await store.undoAllow(trx, row.user_code, device.id);
          await store.deleteDevice(trx, user.uid, device.id);
        });
        throw unavailable(deviceMessages.pairingMailFailed);
      }
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
  };
}
