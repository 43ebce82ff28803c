import { profileMessages, type ProfileEditInput, type ProfileField } from '@seva/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../plugins/http-error.ts';
import { identityQrDataUrl } from '../identity/identity-qr.ts';
import { findUserById, updateUser, type UserRow } from '../identity/store.ts';

export interface ProfileDeps {
  db: Db;
}

/** SPEC §2 /profile: the signed-in user's record, its identity QR, and edits of username or phone. */
export function createProfileService({ db }: ProfileDeps) {
  /** The record with its identity QR, made and stored when it is missing. */
  async function withIdentityQr(user: UserRow): Promise<UserRow> {
    if (user.qr_code) return user;
    const qrCode = await identityQrDataUrl(user);
    await updateUser(db, user.uid, { qr_code: qrCode });
    return { ...user, qr_code: qrCode };
  }

  return {
    read: withIdentityQr,

    /** Changes one field; the QR encodes license ID, e-mail and version, so it stays valid. */
    async edit(user: UserRow, input: ProfileEditInput): Promise<{ user: UserRow; field: ProfileField }> {
      const field: ProfileField = input.username !== undefined ? 'username' : 'phone';
      await updateUser(db, user.uid, field === 'username' ? { username: input.username } : { phone: input.phone });
      const fresh = await findUserById(db, user.uid);
      if (!fresh) throw notFound(profileMessages.notFound);
      return { user: await withIdentityQr(fresh), field };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
