import { profileMessages, type ProfileEditInput, type ProfileField } from '@seva/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../plugins/http-error.ts';
import { identityQrDataUrl } from '../identity/identity-qr.ts';
import { findUserById, updateUser, type SessionRow, type UserRow } from '../identity/store.ts';

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

  /** The full record: the session carries neither secrets nor the QR image. */
  async function fullRecord(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound(profileMessages.notFound);
    return user;
  }

  return {
    read: async (user: SessionRow) => withIdentityQr(await fullRecord(user.uid)),

    /** Changes one field; the QR encodes license ID, e-mail and version, so it stays valid. */
    async edit(user: SessionRow, input: ProfileEditInput): Promise<{ user: UserRow; field: ProfileField }> {
      const field: ProfileField = input.username !== undefined ? 'username' : 'phone';
      await updateUser(db, user.uid, field === 'username' ? { username: input.username } : { phone: input.phone });
      return { user: await withIdentityQr(await fullRecord(user.uid)), field };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
