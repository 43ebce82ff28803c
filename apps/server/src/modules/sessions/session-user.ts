import { countryOfInternationalNumber, type HelpedWearer, type SessionUser } from '@seva/shared';
import type { SignedInUser } from '../../db/signed-in-user.ts';

/**
 * The user record as product §3 names its fields, without secrets. The session check that every screen makes
 * leaves out the QR image (a few KB); the profile, which shows it, asks for it.
 */
export function toSessionUser(row: SignedInUser & { qr_code?: string | null }, options: { withQrCode: boolean } = { withQrCode: true }): SessionUser {
  return {
    uid: row.uid,
    username: row.username,
    email: row.email,
    phone: row.phone,
    license_id: row.license_id,
    role: row.role,
    accessLevel: Number(row.access_level),
    isVerified: Number(row.is_verified) === 1,
    isLoggedIn: Number(row.is_logged_in) === 1,
    createdAt: row.created_at,
    lastLoginTime: row.last_login_time,
    lastLoginDevice: row.last_login_device,
    QRCode: options.withQrCode ? (row.qr_code ?? null) : null,
    version: row.version,
  };
}

/**
 * The wearer a helper acts for, as a helper may see them (issue #34, D-075): what /api/profile refuses a helper (the
 * license ID, the phone, the sign-ins) stays out; the phone's calling code alone is told, for the emergency contacts.
 */
export function toHelpedWearer(row: Pick<SignedInUser, 'uid' | 'username' | 'email' | 'phone'>): HelpedWearer {
  return { uid: row.uid, username: row.username, email: row.email, countryCode: countryOfInternationalNumber(row.phone)?.code ?? null };
}
