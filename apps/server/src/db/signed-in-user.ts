import type { Selectable } from 'kysely';
import type { UsersTable } from './schema.ts';

/** What a request knows of its user: the record without its secrets or its QR image. */
export type SignedInUser = Omit<Selectable<UsersTable>, 'password_hash' | 'qr_code'>;

/** The columns of a SignedInUser, for every lookup of a caller (session cookie or the glasses' bearer token). */
export const SIGNED_IN_USER_COLUMNS = [
  'users.uid',
  'users.email',
  'users.username',
  'users.phone',
  'users.license_id',
  'users.license_key',
  'users.created_at',
  'users.is_active',
  'users.is_verified',
  'users.is_logged_in',
  'users.role',
  'users.access_level',
  'users.last_login_time',
  'users.last_login_device',
  'users.version',
  'users.locale',
] as const;
