import type { Infrastructure } from './infrastructure.ts';
import { createContactsService } from './modules/contacts/service.ts';
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
  return {
    identity,
    contacts,
    profile: createProfileService({ identity }),
    faces: createFacesService({ db, blobs, engine: faceEngine }),
    manuals: createManualsService({ db, blobs }),
    features: createFeaturesService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
