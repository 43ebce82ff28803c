import type { ColumnType, Generated } from 'kysely';
import type {
  DeviceAuthorizationsTable,
  DevicesTable,
  FaceDeletionsTable,
  FacePairsApartTable,
  FacePhotosTable,
  FacesTable,
  FaceSyncCountersTable,
  InstalledFeaturesTable,
  SyncCountersTable,
} from './glasses-tables.ts';
import type { HelperAccountsTable, HelperLinksTable, HelperResetTokensTable, HelperSessionsTable } from './helper-tables.ts';

export type { DeviceAuthorizationsTable, DevicesTable, FaceDeletionsTable, FacePhotosTable, FacesTable } from './glasses-tables.ts';
export type { HelperAccountsTable, HelperLinksTable, HelperLinkStatus, HelperSessionsTable } from './helper-tables.ts';

/** Timestamps are ISO-8601 text and booleans 0/1 integers, so both engines read the same values. */
export interface UsersTable {
  uid: string;
  email: string;
  username: string;
  phone: string;
  license_id: string;
  license_key: string;
  password_hash: string;
  created_at: string;
  is_active: number;
  is_verified: number;
  is_logged_in: number;
  role: string;
  access_level: number;
  last_login_time: string | null;
  last_login_device: string | null;
  qr_code: string | null;
  version: string;
  /** The language the wearer reads their e-mails in (issue #23); null: English, not chosen yet. */
  locale: string | null;
}

interface SosFaceTable {
  user_id: string;
  email: string;
  emergency_contacts: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  /** Idle expiry: 30 days after the last use, never past created_at + 90 days (modules/sessions/lifetime.ts). */
  expires_at: string;
  user_agent: string | null;
  /** When a use of the session was last written (at most hourly). */
  last_used_at: string;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

interface BlobsTable {
  key: string;
  content_type: string;
  data: Buffer;
  created_at: string;
}

/** time_created NULL: the file's creation time cannot be read; it counts as the oldest (product §4). */
export interface ManualsTable {
  id: string;
  file_name: string;
  blob_key: string;
  time_created: string | null;
  size: number;
  created_at: string;
}

/** SPEC's seva_applications: one row per feature dbKey; download_url is its field '1.0'.download_url. */
interface SevaApplicationsTable {
  db_key: string;
  download_url: string;
  updated_at: string;
}

/** One thing that happened on an account (issue #12); kept 90 days. device: the browser and system, or the glasses' name. */
export interface ActivityEventsTable {
  id: string;
  user_id: string;
  kind: string;
  at: string;
  device: string | null;
  /** The helper who did it, as the wearer named them (issue #18); null when the wearer or their glasses did. */
  helper_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the event concerns (issue #21): the face's name, the glasses' name, the browser; null when nothing. */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A closed account (issue #21): its own e-mail and license ID, kept until it is restored or erased. */
interface AccountClosuresTable {
  user_id: string;
  email: string;
  license_id: string;
  license_key: string;
  closed_at: string;
  /** The restore link's hash. */
  restore_hash: string;
  /** Until when the link works; the present once a verified account took the e-mail (the restore ended, D-072). */
  restore_until: string;
}

/** A blob whose record is gone, to delete once that deletion has committed (blobs/deletion-queue.ts). */
interface BlobDeletionsTable {
  key: string;
  queued_at: string;
  /** Failed deletions so far; the key waits until retry_at (null: the next drain) before the next. */
  attempts: Generated<number>;
  retry_at: string | null;
}

export interface Database {
  users: UsersTable;
  account_closures: AccountClosuresTable;
  sos_face: SosFaceTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  rate_limits: RateLimitsTable;
  blobs: BlobsTable;
  manuals: ManualsTable;
  seva_applications: SevaApplicationsTable;
  faces: FacesTable;
  face_photos: FacePhotosTable;
  face_pairs_apart: FacePairsApartTable;
  face_sync_counters: FaceSyncCountersTable;
  face_deletions: FaceDeletionsTable;
  devices: DevicesTable;
  device_authorizations: DeviceAuthorizationsTable;
  installed_features: InstalledFeaturesTable;
  activity_events: ActivityEventsTable;
  blob_deletions: BlobDeletionsTable;
  helper_accounts: HelperAccountsTable;
  helper_links: HelperLinksTable;
  helper_sessions: HelperSessionsTable;
  helper_reset_tokens: HelperResetTokensTable;
  sync_counters: SyncCountersTable;
}

export type { Generated };
