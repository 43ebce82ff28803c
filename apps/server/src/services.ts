import type { Infrastructure } from './infrastructure.ts';
import { createHousekeeping } from './maintenance/housekeeping.ts';
import { createIntegrity } from './maintenance/integrity.ts';
import { createHealthService } from './modules/health/service.ts';
import { createContactsService } from './modules/contacts/service.ts';
import { createDevicesService } from './modules/devices/service.ts';
import { createFacesService } from './modules/faces/service.ts';
import { createFeaturesService } from './modules/features/service.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createManualsService } from './modules/manuals/service.ts';
import { createProfileService } from './modules/profile/service.ts';

/**
 * Every service, built once from the infrastructure and handed to the route plugins, the seed and the operator CLI.
 * A service gets what it needs here, never by looking it up.
 */
export function createServices({ config, database, blobs, mailer, faceEngine }: Infrastructure) {
  const { db } = database;
  const contacts = createContactsService({ db });
  const identity = createIdentityService({ db, mailer, config, onUserCreated: [contacts.createDocument] });
  const faces = createFacesService({ db, blobs, engine: faceEngine, engineSlots: config.faceThreads });
  const manuals = createManualsService({ db, blobs });
  const features = createFeaturesService({ db });
  const devices = createDevicesService({ db, mailer, config, faces, contacts, features, limit: identity.limit });
  return {
    identity,
    contacts,
    profile: createProfileService({ identity }),
    faces,
    manuals,
    features,
    devices,
    health: createHealthService({ db }),
    /** Records that name blobs, checked against the blobs (admin check, start-up sweep, backup). */
    integrity: createIntegrity({ blobs, records: [faces.blobRecords, manuals.blobRecords] }),
    /** Each module's purge of rows that would only grow. */
    housekeeping: createHousekeeping([identity.purgeExpired, devices.purgeExpired]),
  };
}

export type Services = ReturnType<typeof createServices>;
