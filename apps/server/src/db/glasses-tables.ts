import type { ColumnType, Generated } from 'kysely';

/** The glasses' tables: faces and their sync, paired glasses, their pairing and what they run. */

/** A person the glasses recognise (issue #32): their name and consent; their pictures are photos (FacePhotosTable). */
export interface FacesTable {
  face_id: string;
  user_id: string;
  name: string;
  name_key: string;
  consent_at: string;
  /** The helper who confirmed the person's consent, as the wearer named them (issue #18); null: the wearer did. */
  consent_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  /** The user's face change counter when this person was added, renamed or their photos changed (the glasses' sync reads it). */
  change_seq: number;
  updated_at: string;
}

/** One photo of a person: its picture, its description and the model that made it, where the face is, and its quality. */
export interface FacePhotosTable {
  photo_id: string;
  user_id: string;
  face_id: string;
  image_key: string;
  mime: string;
  descriptor: Buffer;
  model_version: string;
  /** 'good' | 'usable' (D-061); null for a photo kept before photos were checked. */
  quality: ColumnType<string | null, string | null | undefined, string | null>;
  /** The helper who added it, as the wearer named them; null: the wearer (or their glasses) did. */
  added_by: ColumnType<string | null, string | null | undefined, string | null>;
  added_at: string;
  /** The face's box in pixels of the stored image, and the image's size (issue #21); null for faces stored before. */
  face_x: NullableNumber;
  face_y: NullableNumber;
  face_width: NullableNumber;
  face_height: NullableNumber;
  image_width: NullableNumber;
  image_height: NullableNumber;
}

/** Two people the wearer said are different ('It's someone else'): recognition keeps them apart (D-062). */
export interface FacePairsApartTable {
  user_id: string;
  face_a: string;
  face_b: string;
  created_at: string;
}

type NullableNumber = ColumnType<number | null, number | null | undefined, number | null>;

/** One counter per user, bumped by every face change in the change's own transaction. */
export interface FaceSyncCountersTable {
  user_id: string;
  seq: number;
  /** The newest tombstone purged (issue #19): a sync cursor older than this has missed a deletion and gets 410. */
  purged_seq: Generated<number>;
}

/** Change counters that are not any one account's: 'features' (the feature links every pair of glasses reads). */
export interface SyncCountersTable {
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
export interface InstalledFeaturesTable {
  device_id: string;
  user_id: string;
  db_key: string;
  version: string;
  reported_at: string;
}
