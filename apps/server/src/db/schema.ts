import type { ColumnType, Generated } from 'kysely';

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

export interface FacesTable {
  face_id: string;
  user_id: string;
  name: string;
  name_key: string;
  image_key: string;
  mime: string;
  descriptor: Buffer;
  consent_at: string;
  /** The helper who confirmed the person's consent, as the wearer named them (issue #18); null: the wearer did. */
  consent_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  /** The user's face change counter when this face was added or last renamed (the glasses' sync reads it). */
  change_seq: number;
  updated_at: string;
  /** The face's box in pixels of the stored image, and the image's size (issue #21); null for faces stored before. */
  face_x: NullableNumber;
  face_y: NullableNumber;
  face_width: NullableNumber;
  face_height: NullableNumber;
  image_width: NullableNumber;
  image_height: NullableNumber;
}

type NullableNumber = ColumnType<number | null, number | null | undefined, number | null>;

/** One counter per user, bumped by every face change in the change's own transaction. */
interface FaceSyncCountersTable {
  user_id: string;
  seq: number;
  /** The newest tombstone purged (issue #19): a sync cursor older than this has missed a deletion and gets 410. */
  purged_seq: Generated<number>;
}

/** Change counters that are not any one account's: 'features' (the feature links every pair of glasses reads). */
interface SyncCountersTable {
  name: string;
  seq: number;
}

/** A deleted face, so the glasses' next sync can drop it. */
export interface FaceDeletionsTable {
  face_id: string;
  user_id: string;
  change_seq: number;
  deleted_at: string;
}

/** A pair of glasses; token_hash is NULL from 'Allow' until they collect their token. Unpairing deletes the row. */
export interface DevicesTable {
  id: string;
  user_id: string;
  name: string;
  client_id: string;
  token_hash: string | null;
  paired_at: string;
  last_seen_at: string | null;
  /** The scopes the user allowed, space-separated (faces:read contacts:read …). */
  scope: Generated<string>;
}

type DeviceAuthorizationStatus = 'pending' | 'allowed' | 'denied' | 'issued';

/** RFC 8628: one device code (stored as its hash) and its user code (normalised, no dash). */
export interface DeviceAuthorizationsTable {
  device_code_hash: string;
  user_code: string;
  client_id: string;
  device_name: string;
  status: DeviceAuthorizationStatus;
  user_id: string | null;
  device_id: string | null;
  interval_seconds: number;
  expires_at: string;
  last_polled_at: string | null;
  created_at: string;
  decided_at: string | null;
  /** The scopes the glasses asked for, space-separated. */
  scope: Generated<string>;
  /** The network the request came from: a /24 IPv4 or /48 IPv6 prefix. */
  network: Generated<string>;
}

/** What one pair of glasses reports running. */
interface InstalledFeaturesTable {
  device_id: string;
  user_id: string;
  db_key: string;
  version: string;
  reported_at: string;
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
  /** Until when the link works; the present once the e-mail or license ID registered again (the restore ended). */
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

/** A helper's own account (issue #18): apart from wearers', so a helper can never sign in as a wearer. */
export interface HelperAccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
}

/**
 * One wearer's invitation of a helper and, once accepted, the link between them. status: 'invited' (token_hash names
 * the link sent; it works until expires_at), 'active', or how it ended: 'declined', 'cancelled', 'removed' (by the
 * wearer), 'stopped' (by the helper). `name` is the wearer's name for the helper.
 */
export interface HelperLinksTable {
  id: string;
  wearer_id: string;
  helper_id: string | null;
  name: string;
  email: string;
  status: HelperLinkStatus;
  token_hash: string | null;
  invited_at: string;
  expires_at: string;
  accepted_at: string | null;
  ended_at: string | null;
}

export type HelperLinkStatus = 'invited' | 'active' | 'declined' | 'cancelled' | 'expired' | 'removed' | 'stopped';

/** A helper's signed-in browser; acting_for: the wearer the helper acts for now (checked against the link on every request). */
export interface HelperSessionsTable {
  token_hash: string;
  helper_id: string;
  acting_for: string | null;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  last_used_at: string;
}

/** A helper's password-reset link. */
interface HelperResetTokensTable {
  token_hash: string;
  helper_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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
