import { createBlobDeletionQueue } from './blobs/deletion-queue.ts';
import { pendingMigrations } from './db/database.ts';
import type { Infrastructure } from './infrastructure.ts';
import { OUTBOX_RETENTION_MS } from './mail/outbox.ts';
import { createHousekeeping } from './maintenance/housekeeping.ts';
import { createIntegrity } from './maintenance/integrity.ts';
import { createHealthService } from './modules/health/service.ts';
import { createAccountService } from './modules/account/service.ts';
import { createActivityService } from './modules/activity/service.ts';
import { createContactsService } from './modules/contacts/service.ts';
import { createEventStreams } from './modules/devices/event-streams.ts';
import { createDevicesService } from './modules/devices/service.ts';
import { createFacesService } from './modules/faces/service.ts';
import { createFeaturesService } from './modules/features/service.ts';
import { createHelpersService } from './modules/helpers/service.ts';
import { createAttemptLimits } from './modules/attempt-limits/service.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createManualsService } from './modules/manuals/service.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createSessionsService } from './modules/sessions/service.ts';

/**
 * Every service, built once from the infrastructure and handed to the route plugins, the seed and the operator CLI.
 * A service gets what it needs here, never by looking it up.
 */
export function createServices({ config, database, blobs, mailer, faceEngine, changeFeed, metrics, warn }: Infrastructure) {
  const { db } = database;
  const activity = createActivityService({ db });
  const blobDeletions = createBlobDeletionQueue({ db, blobs, warn });
  metrics.watch('blobDeletions', blobDeletions.backlog);
  const faces = createFacesService({ db, blobs, engine: faceEngine, engineSlots: config.faceThreads, blobDeletions, activity: activity.record, changeFeed, metrics });
  const contacts = createContactsService({ db, activity: activity.record, noteSyncChange: faces.noteSyncChange });
  // One attempt limiter for every module that limits attempts (identity, devices, helpers, vitals): D-049.
  const limits = createAttemptLimits({ db, rules: config.rateLimits, metrics });
  const sessions = createSessionsService({ db, reads: database.reads });
  const identity = createIdentityService({ db, mailer, config, limits, sessions, onUserCreated: [contacts.createDocument], activity: activity.record, metrics });
  const manuals = createManualsService({ db, blobs });
  const features = createFeaturesService({ db, changeFeed });
  const devices = createDevicesService({ db, mailer, config, faces, contacts, features, limits, confirmPassword: identity.confirmPassword, activity: activity.record, changeFeed, metrics });
  const deviceEvents = createEventStreams({ feed: changeFeed, position: devices.position, stillPaired: devices.stillPaired, options: config.events });
  metrics.watch('eventStreams', () => deviceEvents.counters);
  const helpers = createHelpersService({ db, mailer, config, limits, endWearerSession: sessions.signOut });
  // Issue #12: an account's deletion takes every module's rows in one transaction, the user record (identity's) last.
  const erasers = [activity.eraseUser, faces.eraseUser, devices.eraseUser, contacts.eraseUser, helpers.eraseUser, identity.eraseUser];
  const account = createAccountService({ db, mailer, config, identity, sessions, contacts, faces, devices, activity, helpers, erasers, blobDeletions, metrics });
  return {
    limits,
    sessions,
    identity,
    contacts,
    profile: createProfileService({ identity }),
    faces,
    manuals,
    features,
    devices,
    /** The glasses' event streams this instance holds (issue #19). */
    deviceEvents,
    activity,
    helpers,
    account,
    blobDeletions,
    health: createHealthService({
      db,
      faceWorkers: () => faceEngine().workers?.() ?? 1,
      // SQLite is this process's own file, migrated at start; PostgreSQL may be shared with other versions.
      pendingMigrations: async () => (database.dialect === 'postgres' ? pendingMigrations(database) : []),
    }),
    /** Records that name blobs, checked against the blobs (admin check, start-up sweep, backup). */
    integrity: createIntegrity({ blobs, records: [faces.blobRecords, manuals.blobRecords] }),
    /** Each module's purge of rows that would only grow. */
    housekeeping: createHousekeeping([
      account.purgeExpired,
      identity.purgeExpired,
      sessions.purgeExpired,
      limits.purgeExpired,
      devices.purgeExpired,
      faces.purgeExpired,
      activity.purgeExpired,
      helpers.purgeExpired,
      async () => ({ blob_deletions: await blobDeletions.drain() }),
      // The outbox (no SMTP_URL) keeps mail 7 days at most: it holds people's links.
      async (at) => ({ outbox_mails: (await mailer.forgetBefore?.(new Date(at.getTime() - OUTBOX_RETENTION_MS))) ?? 0 }),
    ]),
  };
}

export type Services = ReturnType<typeof createServices>;
