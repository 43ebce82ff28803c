import type { ProfileEditInput, ProfileField } from '@seva/shared';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { identityQrDataUrl } from '../identity/identity-qr.ts';
import type { IdentityService } from '../identity/service.ts';
import type { Account } from '../identity/service.ts';

interface ProfileDeps {
  identity: Pick<IdentityService, 'account' | 'updateAccount'>;
}

/** product §2 /profile: the signed-in user's record, its identity QR, and edits of username or phone. */
export function createProfileService({ identity }: ProfileDeps) {
  /** The record with its identity QR, made and stored when it is missing. */
  async function withIdentityQr(user: Account): Promise<Account> {
    if (user.qr_code) return user;
    const qrCode = await identityQrDataUrl(user);
    await identity.updateAccount(user.uid, { qr_code: qrCode });
    return { ...user, qr_code: qrCode };
  }

  return {
    /** The full record: the session carries neither secrets nor the QR image. */
    read: async (user: SignedInUser) => withIdentityQr(await identity.account(user.uid)),

    /** Changes one field; the QR encodes license ID, e-mail and version, so it stays valid. */
    async edit(user: SignedInUser, input: ProfileEditInput): Promise<{ user: Account; field: ProfileField }> {
      const field: ProfileField = input.username !== undefined ? 'username' : 'phone';
      await identity.updateAccount(user.uid, field === 'username' ? { username: input.username } : { phone: input.phone });
      return { user: await withIdentityQr(await identity.account(user.uid)), field };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
