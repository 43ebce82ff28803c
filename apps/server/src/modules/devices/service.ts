import { deviceMessages, glassesApiMessages, type PairedDevice, scopesOf } from '@seva/shared';
import type { Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { notFound, unauthenticated } from '../../domain-errors.ts';
import { createDeviceGrant } from './device-grant.ts';
import { createDeviceKit, type DevicesDeps } from './device-kit.ts';
import { createGlassesSync } from './glasses-sync.ts';
import { createPairingDecisions, toPairedDevice } from './pairing-decisions.ts';
import * as store from './store.ts';

export type { DevicesDeps } from './device-kit.ts';

/** last_seen_at is written at most this often per device, so a busy device does not write on every call. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** A token not used for this long expires: glasses lost in a drawer do not keep a way into the account (ASVS 5.0 §10.4). */
export const TOKEN_IDLE_DAYS = 180;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The glasses: pairing by the OAuth 2.0 device grant (RFC 8628), the paired devices and their bearer tokens
 * (RFC 6750, stored as SHA-256 hashes), and what the glasses read (sync) and report (installed features).
 */
export function createDevicesService(deps: DevicesDeps) {
  const kit = createDeviceKit(deps);
  const { db, now } = kit;

  return {
    ...createDeviceGrant(kit),
    ...createPairingDecisions(kit),
    ...createGlassesSync(kit),

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
      if (lastUsed <= at.getTime() - TOKEN_IDLE_DAYS * 24 * 60 * 60 * 1000) throw unauthenticated(glassesApiMessages.tokenExpired, { code: 'invalid_token' });
      if (device.last_seen_at === null || Date.parse(device.last_seen_at) <= at.getTime() - LAST_SEEN_RESOLUTION_MS) {
        await store.touchDevice(db, device.id, at.toISOString());
      }
      return { user: found.user, device: { id: device.id, name: device.name, scopes: scopesOf(device.scope) } };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
