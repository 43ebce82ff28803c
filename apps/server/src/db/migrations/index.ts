import type { Migration } from 'kysely';
import type { Dialect } from '../dialect-types.ts';
import { identityMigration } from './001-identity.ts';
import { manualsFeaturesMigration } from './002-manuals-features.ts';
import { facesMigration } from './003-faces.ts';
import { devicesMigration } from './004-devices.ts';
import { abuseHardeningMigration } from './005-abuse-hardening.ts';
import { yourDataMigration } from './006-your-data.ts';
import { helpersMigration } from './007-helpers.ts';
import { syncEventsMigration } from './008-sync-events.ts';
import { glassesScopesMigration } from './009-glasses-scopes.ts';
import { trustBoundariesMigration } from './010-trust-boundaries.ts';
import { accountSecurityMigration } from './011-account-security.ts';
import { faceBoxMigration } from './012-face-box.ts';
import { languagesMigration } from './013-languages.ts';
import { facePhotosMigration } from './014-face-photos.ts';
import { invitationsByAddressMigration } from './015-invitations-by-address.ts';

/** Every migration, in order; a new one is appended with the next number. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-identity': identityMigration(dialect),
    '002-manuals-features': manualsFeaturesMigration(),
    '003-faces': facesMigration(dialect),
    '004-devices': devicesMigration(),
    '005-abuse-hardening': abuseHardeningMigration(dialect),
    '006-your-data': yourDataMigration(),
    '007-helpers': helpersMigration(),
    '008-sync-events': syncEventsMigration(),
    '009-glasses-scopes': glassesScopesMigration(),
    '010-trust-boundaries': trustBoundariesMigration(),
    '011-account-security': accountSecurityMigration(),
    '012-face-box': faceBoxMigration(),
    '013-languages': languagesMigration(),
    '014-face-photos': facePhotosMigration(dialect),
    '015-invitations-by-address': invitationsByAddressMigration(),
  };
}
